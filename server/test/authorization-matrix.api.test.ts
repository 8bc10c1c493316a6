import fs from 'node:fs';
import type { FileRecord } from '@nordlys/contract/file';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaUrls, MEDIA_URL_SECRET_NAME } from '../src/media/media-urls';
import {
  defaultParams,
  defaultQuery,
  REQUESTS,
  TERMS_VERSION,
  UNDOCUMENTED,
} from './authorization-matrix.requests';
import { AUTHORIZATION_MATRIX, type ExpectedCell, parseRow } from './authorization-matrix.table';
import { documentedOperations, fillPath, minimalValue, type Operation } from './openapi-operations';
import { ACTORS, type Actor, seedWorld, type World } from './security-world';
import { storedDigest } from './stored-state';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';

/**
 * The whole API answers for itself: every documented /st/4, media, archive and poll route (and the
 * tus routes the document leaves out), called
 * by every kind of caller against one seeded world, must answer what the reviewed table in
 * authorization-matrix.table.ts says. A route missing from the table fails, so a new route cannot
 * escape it. MATRIX_RECORD=<file> writes the observed rows in the table's format (to review, never
 * to copy blindly).
 */

const inScope = (op: Operation) =>
  /^\/(st\/4|th\/3|poll)\//.test(op.path) && op.path !== '/st/4/openapi.json';

let address = 0;
/** Wrong-password guesses each come from an address of their own, so no lock is reached. */
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

type Injection = InjectOptions;

/** The call a cell makes, with anything it needs made first (so that making it is not counted as its effect). */
async function prepareCell(
  w: World,
  op: Operation,
  actor: Actor,
  expected: ExpectedCell | undefined,
): Promise<Injection> {
  const build = REQUESTS[op.key];
  // A call expected to succeed spends fresh objects; one not in the table yet is treated so too.
  const fresh = expected === undefined || (expected.status < 300 && !expected.unchanged);
  const custom = build ? await build({ w, actor, fresh }, op) : {};
  const params = { ...defaultParams(w, op), ...custom.params };
  const query = { ...defaultQuery(op), ...custom.query };
  const headers: Record<string, string> = { ...(await w.headersOf(actor)) };
  if (custom.authorization) headers.authorization = custom.authorization;
  Object.assign(headers, custom.headers);
  let payload: string | Buffer | undefined;
  if (custom.raw) {
    headers['content-type'] = custom.raw.contentType;
    payload = custom.raw.payload;
  } else if (custom.body !== undefined || op.body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(custom.body ?? minimalValue(op.body ?? {}));
  }
  const search = new URLSearchParams(query).toString();
  return {
    method: op.method as 'GET',
    url: `${fillPath(op.path, params)}${search ? `?${search}` : ''}`,
    headers,
    remoteAddress: actor.endsWith('Wrong') ? nextAddress() : '127.0.0.1',
    ...(payload !== undefined ? { payload } : {}),
  };
}

describe.each(databaseKinds)('authorization matrix on %s', (kind) => {
  let t: TestApp;
  let w: World;
  let operations: Operation[];

  beforeAll(async () => {
    // Periodic work (sweeps, purges, renewals) first runs a day in: none writes between two digests.
    t = await createTestApp(kind, { env: { TERMS_VERSION, PERIODIC_EVERY_SECONDS: '86400' } });
    w = await seedWorld(t);
    operations = [...(await documentedOperations(t.app)).filter(inScope), ...UNDOCUMENTED];
  }, 60_000);
  afterAll(() => t.close());

  it('has a reviewed row for every documented route, and no row for a route that is gone', () => {
    const documented = operations.map((op) => op.key);
    expect(
      documented.filter((key) => !(key in AUTHORIZATION_MATRIX)),
      'routes missing from the table',
    ).toEqual([]);
    expect(
      Object.keys(AUTHORIZATION_MATRIX).filter((key) => !documented.includes(key)),
      'rows of routes that are gone',
    ).toEqual([]);
  });

  describe('media URLs', () => {
    const previewOf = (file: FileRecord) => {
      if (!file.previewURL) throw new Error(`${file.fileID} has no preview URL`);
      return file.previewURL;
    };
    const open = (url: string) => t.app.inject({ method: 'GET', url });
    /** `url` with the signature (exp, sig, share) of `from` in place of its own. */
    const withSignatureOf = (url: string, from: string) => {
      const target = new URL(url, 'http://x');
      const source = new URL(from, 'http://x');
      for (const name of ['exp', 'sig', 'share']) target.searchParams.delete(name);
      for (const name of ['exp', 'sig', 'share']) {
        const value = source.searchParams.get(name);
        if (value !== null) target.searchParams.set(name, value);
      }
      return `${target.pathname}?${target.searchParams}`;
    };
    const shareFileUrl = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/st/4/shares/${w.ids.share}`,
        headers: await w.headersOf('shareGuest'),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { docFiles: { downloadURL: string }[] }).docFiles[0]?.downloadURL ?? '';
    };

    it('open their own file, signed for its album or its share, without a session', async () => {
      expect((await open(previewOf(w.ids.albumFile))).statusCode).toBe(200);
      expect((await open(await shareFileUrl())).statusCode).toBe(200);
    });

    it("signed for one share or album never open another's files", async () => {
      const shared = await shareFileUrl();
      const album = previewOf(w.ids.albumFile);
      const refusals = [
        // The share's signature on the album's file (the owner's, but not in the share).
        withSignatureOf(album, shared),
        // The album's grant on the owner's timeline file, by its own path and under the album's.
        withSignatureOf(previewOf(w.ids.privateFile), album),
        withSignatureOf(album.replace(w.ids.albumFile.fileID, w.ids.privateFile.fileID), album),
        // The stranger's album grant on the owner's files.
        withSignatureOf(album, previewOf(w.ids.strangerFile)),
        withSignatureOf(shared, previewOf(w.ids.strangerFile)),
        // A signature with one character changed.
        album.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`),
      ];
      for (const url of refusals) expect([403, 404], url).toContain((await open(url)).statusCode);
    });

    it('refuse an expired signature', async () => {
      const secret = await t.store.db
        .selectFrom('server_secrets')
        .selectAll()
        .where('name', '=', MEDIA_URL_SECRET_NAME)
        .executeTakeFirstOrThrow();
      // The same key, minting as it did eight days ago: the URL's expiry has passed.
      const eightDaysAgo = Date.now() - 8 * 24 * 60 * 60 * 1000;
      const past = createMediaUrls({ secret: secret.value, clock: () => eightDaysAgo });
      const current = createMediaUrls({ secret: secret.value });
      const file = { fileId: w.ids.albumFile.fileID, jobId: w.ids.album, mediaKind: 'document' as const };
      expect((await open(current.fileUrls(file).previewURL ?? '')).statusCode).toBe(200);
      expect((await open(past.fileUrls(file).previewURL ?? '')).statusCode).toBe(403);
      expect(
        (
          await open(
            past.shareFileUrls(w.ids.share, {
              ...file,
              fileId: w.ids.sharedFile.fileID,
              jobId: w.ids.timeline,
            }).previewURL,
          )
        ).statusCode,
      ).toBe(403);
    });
  });

  it('answers every cell as the table says', async () => {
    const observed = new Map<string, number[]>();
    const changedBy = new Map<string, string[]>();
    const expectedOf = (op: Operation) => {
      const row = AUTHORIZATION_MATRIX[op.key];
      return row ? parseRow(row[0]) : undefined;
    };
    const prepare = async (op: Operation, actors: number[]) => {
      const calls: [number, Injection][] = [];
      for (const i of actors)
        calls.push([i, await prepareCell(w, op, ACTORS[i] as Actor, expectedOf(op)?.[i])]);
      return calls;
    };
    const send = async (op: Operation, calls: [number, Injection][]) => {
      const statuses = observed.get(op.key) ?? [];
      observed.set(op.key, statuses);
      for (const [i, call] of calls) statuses[i] = (await t.app.inject(call)).statusCode;
    };

    // First every call that must change nothing, route by route, against the world as seeded, each
    // route's batch between two digests of everything stored; then the calls that succeed.
    if (kind === 'sqlite') await t.app.mediaProcessing.onIdle();
    for (const op of operations) {
      const expected = expectedOf(op);
      if (!expected) continue;
      const unchanged = ACTORS.map((_, i) => i).filter((i) => expected[i]?.unchanged);
      const calls = await prepare(op, unchanged);
      const before = await storedDigest(t);
      await send(op, calls);
      if ((await storedDigest(t)) !== before)
        changedBy.set(
          op.key,
          unchanged.map((i) => ACTORS[i] as string),
        );
    }
    for (const op of operations) {
      const expected = expectedOf(op);
      await send(
        op,
        await prepare(
          op,
          ACTORS.map((_, i) => i).filter((i) => !expected?.[i]?.unchanged),
        ),
      );
    }

    const lines: string[] = [];
    const recorded: string[] = [];
    const mismatches: string[] = [];
    const width = Math.max(...operations.map((op) => op.key.length));
    for (const op of operations) {
      const expected = expectedOf(op);
      const statuses = observed.get(op.key) ?? [];
      const cells = statuses.map((status, i) => {
        const want = expected?.[i];
        if (!want || want.status === status) return String(status);
        mismatches.push(`${op.key} as ${ACTORS[i]}: expected ${want.status}, got ${status}`);
        return `${want.status}≠${status}`;
      });
      const changed = changedBy.get(op.key);
      if (changed)
        mismatches.push(
          `${op.key}: calls that must change nothing changed what is stored (${changed.join(', ')})`,
        );
      lines.push(`${op.key.padEnd(width)}  ${cells.join(' ')}${changed ? '  (stored data changed)' : ''}`);
      const marks = statuses.map(
        (status, i) => `${status}${expected?.[i]?.unchanged && status < 400 ? '~' : ''}`,
      );
      const why = AUTHORIZATION_MATRIX[op.key]?.[1];
      recorded.push(`  '${op.key}': ['${marks.join(' ')}'${why ? `, ${JSON.stringify(why)}` : ''}],`);
    }
    console.log(`authorization matrix on ${kind} (${ACTORS.join(' ')}):\n${lines.join('\n')}`);
    if (process.env.MATRIX_RECORD) fs.writeFileSync(process.env.MATRIX_RECORD, `${recorded.join('\n')}\n`);
    expect(mismatches).toEqual([]);
  }, 120_000);
});
