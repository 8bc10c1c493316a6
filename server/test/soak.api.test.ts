import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserIn } from './process-user';
import { buildServer, type ServerProcess, startServerProcess } from './server-process';
import { CALL_KINDS, runSoak } from './soak';
import { createTestDatabase, makeTempDir } from './test-database';

/**
 * The soak's short version: the compiled server under held long polls, parallel uploads and a
 * browsing load for SOAK_SECONDS (default 30). Not a timing test: it holds the server to no
 * errors and to memory that does not run away; the figures are printed. `BENCH_ONLY=soak` runs
 * the long one.
 */
const SECONDS = Number(process.env.SOAK_SECONDS ?? 30);

let server: { entry: string; cleanup(): void };
let dataDir: string;
let running: ServerProcess | undefined;
beforeAll(async () => {
  server = await buildServer();
  dataDir = makeTempDir();
}, 120_000);
afterAll(async () => {
  await running?.kill9();
  server?.cleanup();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('soak, short', () => {
  it(`serves ${SECONDS} s of polls, uploads and browsing with no error and no runaway memory`, async () => {
    const database = await createTestDatabase('sqlite', dataDir);
    const auth = await createUserIn(database.config, 'Soak');
    running = await startServerProcess(server.entry, { DATA_DIR: dataDir });
    const report = await runSoak({
      baseUrl: running.baseUrl,
      auth,
      pid: running.child.pid as number,
      durationMs: SECONDS * 1000,
      polls: 200,
      uploaders: 4,
      browsers: 2,
      commentEveryMs: 5000,
      log: (line) => console.log(line),
    });
    console.log(
      [
        `soak (${SECONDS} s, 200 polls, 4 uploaders, 2 browsers): ${report.errors} errors, ` +
          `${report.pollsAnswered} polls answered, ${report.uploads} uploads`,
        ...CALL_KINDS.map(
          (kind) =>
            `  ${kind}: p95 ${report.calls[kind].loadP95.toFixed(1)} ms under load, ` +
            `${report.calls[kind].idleP95.toFixed(1)} ms idle (${report.calls[kind].count} calls)`,
        ),
        `  RSS ${report.rssStartMb.toFixed(0)} MB at start, ${report.rssEndMb.toFixed(0)} MB at the end, ` +
          `peak ${report.rssPeakMb.toFixed(0)} MB, trend ${report.rssSlopeMbPerMinute.toFixed(1)} MB/min`,
      ].join('\n'),
    );
    expect(report.firstErrors).toEqual([]);
    expect(report.errors).toBe(0);
    // Every kind of call ran under the load, and the held polls were answered by the comments.
    for (const kind of CALL_KINDS) expect(report.calls[kind].count, kind).toBeGreaterThan(0);
    expect(report.pollsAnswered).toBeGreaterThanOrEqual(200);
    // Generous: a leak of the held polls or the uploads would be hundreds of MB, not tens.
    expect(report.rssEndMb - report.rssStartMb).toBeLessThan(300);
  }, 300_000);
});
