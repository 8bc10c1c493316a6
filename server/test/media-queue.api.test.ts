import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgBossQueue, type PgBossQueue } from '../src/queue/pg-boss-queue';
import { PermanentTaskError, type TaskHandler, type TaskHandlers } from '../src/queue/task-queue';
import { createTestDatabase, makeTempDir, type TestDatabase } from './test-database';

const noop: TaskHandler = { run: async () => {}, fail: async () => {} };

/** The scaled-out queue against a real PostgreSQL: one process sends, another works. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('pg-boss media queue', () => {
  let database: TestDatabase;
  let sender: PgBossQueue;
  let worker: PgBossQueue;
  const runs: string[] = [];
  const failures: string[] = [];
  let flakyCalls = 0;
  const dir = makeTempDir();

  const handlers: TaskHandlers = {
    thumbnails: {
      async run({ sha256 }, { attempt }) {
        runs.push(`${sha256}#${attempt}`);
        if (sha256 === 'flaky') {
          flakyCalls += 1;
          if (flakyCalls < 2) throw new Error('transient');
        }
        if (sha256 === 'always-failing') throw new Error('still broken');
        if (sha256 === 'undecodable') throw new PermanentTaskError('not a picture');
      },
      async fail({ sha256 }) {
        failures.push(sha256);
      },
    },
    'encode-video': noop,
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres', dir);
    const url = (database.config as { url: string }).url;
    sender = await createPgBossQueue({ connectionString: url, role: 'sender' });
    worker = await createPgBossQueue({ connectionString: url, role: 'worker' });
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await sender?.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs a job sent by another process, retries transient failures, fails the rest once', async () => {
    for (const sha256 of ['ok', 'flaky', 'always-failing', 'undecodable']) {
      await sender.send('thumbnails', { sha256 });
    }
    await worker.work(handlers, { pollingIntervalSeconds: 0.5 });
    await sender.onIdle();
    expect(runs.filter((r) => r.startsWith('ok#'))).toEqual(['ok#1']);
    expect(runs.filter((r) => r.startsWith('flaky#'))).toEqual(['flaky#1', 'flaky#2']);
    expect(runs.filter((r) => r.startsWith('always-failing#'))).toEqual([
      'always-failing#1',
      'always-failing#2',
      'always-failing#3',
    ]);
    expect(runs.filter((r) => r.startsWith('undecodable#'))).toEqual(['undecodable#1']);
    expect(failures.sort()).toEqual(['always-failing', 'undecodable']);
  }, 60_000);

  it('absorbs a second send for a content that is still queued', async () => {
    await worker.close();
    const url = (database.config as { url: string }).url;
    await sender.send('thumbnails', { sha256: 'twice' });
    await sender.send('thumbnails', { sha256: 'twice' });
    worker = await createPgBossQueue({ connectionString: url, role: 'worker' });
    await worker.work(handlers, { pollingIntervalSeconds: 0.5 });
    await sender.onIdle();
    expect(runs.filter((r) => r.startsWith('twice#'))).toEqual(['twice#1']);
  }, 60_000);
});
