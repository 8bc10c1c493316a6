import fs from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, makeTempDir, type TestDatabase } from '../../test/test-database';
import { MIGRATION_LOCK_ID, openStore, type Store } from './database';
import { migrations } from './migrations/migration-list';

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations on a fresh PostgreSQL database', () => {
  let dir: string;
  let database: TestDatabase;
  const stores: Store[] = [];
  beforeAll(async () => {
    dir = makeTempDir();
    database = await createTestDatabase('postgres', dir);
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('run once when several processes start at the same moment; the others wait and find them done', async () => {
    const opened = await Promise.allSettled(Array.from({ length: 5 }, () => openStore(database.config)));
    for (const outcome of opened) if (outcome.status === 'fulfilled') stores.push(outcome.value);
    expect(opened.map((outcome) => outcome.status)).toEqual(Array(5).fill('fulfilled'));

    const { rows } = await sql<{ name: string; times: number }>`
      select name, count(*)::int as times from kysely_migration group by name order by name`.execute(
      stores[0]!.db,
    );
    expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    expect(rows.every((row) => row.times === 1)).toBe(true);
    // The lock is let go: nothing holds it once every store is open.
    const held = await sql<{ n: number }>`
      select count(*)::int as n from pg_locks where locktype = 'advisory' and granted`.execute(stores[0]!.db);
    expect(held.rows[0]?.n).toBe(0);
  });

  it('wait while another process holds the migration lock, and go on once it lets go', async () => {
    const other = new pg.Client({ connectionString: (database.config as { url: string }).url });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      let settled = false;
      const opening = openStore(database.config).finally(() => {
        settled = true;
      });
      // Waits for the starting process to be seen queued on the lock, not for a time.
      for (const deadline = Date.now() + 20_000; ; ) {
        const { rows } = await other.query<{ n: number }>(
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
        );
        if (rows[0]?.n === 1) break;
        if (settled || Date.now() > deadline) throw new Error('the start did not wait for the lock');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(settled).toBe(false);
      await other.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
      stores.push(await opening);
    } finally {
      await other.end();
    }
  });
});
