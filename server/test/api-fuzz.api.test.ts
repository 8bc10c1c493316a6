import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzOperations } from './api-fuzz';
import { TERMS_VERSION } from './authorization-matrix.requests';
import { documentedOperations, type Operation } from './openapi-operations';
import { seedWorld, type World } from './security-world';
import { storedDigest } from './stored-state';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';

/**
 * The short pass of the API fuzz (`npm run fuzz` is the long one): a few generated calls per
 * documented route. FUZZ_SEED repeats a run (the seed is printed), FUZZ_RUNS sets the calls per
 * route, FUZZ_ROUTE keeps one route ('POST /st/4/shares'), FUZZ_SHRINK=1 shrinks a finding.
 */
const seed = Number(process.env.FUZZ_SEED ?? 2_028);
const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 3);

const inScope = (op: Operation) => /^\/(st\/4|th\/3|poll)\//.test(op.path);

describe.each(databaseKinds)('API fuzz on %s', (kind) => {
  let t: TestApp;
  let w: World;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    // Periodic work (sweeps, purges, renewals) first runs a day in: none writes between two digests.
    t = await createTestApp(kind, { env: { TERMS_VERSION, PERIODIC_EVERY_SECONDS: '86400' } });
    w = await seedWorld(t);
  }, 60_000);
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await t.close();
  });

  /** Background work a successful call starts: media tasks here, a data copy being packed. */
  async function settle() {
    if (kind === 'sqlite') await t.app.mediaProcessing.onIdle();
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const pending = await t.store.db
        .selectFrom('data_copies')
        .select('id')
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (!pending) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('the digest of what is stored sees a change', async () => {
    const before = await storedDigest(t);
    await w.upload(w.users.stranger, 'digest-check.txt');
    await settle();
    expect(await storedDigest(t)).not.toBe(before);
  });

  it(`answers generated calls to every route below 500, as declared, and changes nothing it refuses (seed ${seed})`, async () => {
    console.log(`API fuzz on ${kind}: FUZZ_SEED=${seed} FUZZ_RUNS=${runsPerRoute}`);
    const operations = (await documentedOperations(t.app)).filter(inScope);
    const { findings, tally } = await fuzzOperations(w, operations, {
      seed,
      runsPerRoute,
      only: process.env.FUZZ_ROUTE,
      settle,
    });
    console.log(
      `API fuzz on ${kind}: ${tally.calls} calls, ${JSON.stringify(tally.byClass)}, ` +
        `${tally.checkedAgainstSchema} answers checked against their schema`,
    );
    for (const finding of findings) {
      console.log(`FUZZ_SEED=${finding.seed} FUZZ_ROUTE='${finding.route}'\n${finding.message}\n`);
    }
    expect(findings.map((finding) => finding.route)).toEqual([]);
    expect(unhandled).toEqual([]);
  }, 600_000);
});
