import fs from 'node:fs';
import path from 'node:path';
import { type Migration, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, makeTempDir, type TestDatabase } from '../../test/test-database';
import { migrateToLatest, openDatabase, type Store } from './database';
import { migrations } from './migrations/migration-list';

/** What a later release might add: a table of its own. */
const nextRelease: Record<string, Migration> = {
  ...migrations,
  '9999-next-release': {
    up: async (db) => {
      await db.schema.createTable('next_release_things').addColumn('id', 'text').execute();
    },
  },
};

/**
 * A rolling upgrade: the new release migrates, and the previous one goes on starting (a restart,
 * a pod moved, a rollback) on that schema beside it.
 */
describe.each(databaseKinds)('a release starting on a database a later release migrated, on %s', (kind) => {
  const dir = makeTempDir();
  const opened: Store[] = [];
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const store of opened) await store.close();
    for (const database of databases) await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  /** A store over a database of its own. */
  const open = async () => {
    const database = await createTestDatabase(kind, fs.mkdtempSync(path.join(dir, 'db-')));
    databases.push(database);
    const store = await openDatabase(database.config);
    opened.push(store);
    return store;
  };

  it('starts on it as it is, and the later release finds nothing left to run', async () => {
    const store = await open();
    await migrateToLatest(store.db, store.dialect, nextRelease);
    await migrateToLatest(store.db, store.dialect);
    await migrateToLatest(store.db, store.dialect, nextRelease);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(store.db);
    expect(rows.map((row) => row.name).sort()).toEqual(Object.keys(nextRelease).sort());
  });

  it('still refuses a database that another release migrated without one of its own migrations', async () => {
    const store = await open();
    const own = Object.keys(migrations).at(-1) as string;
    const { [own]: _left, ...without } = migrations;
    const otherBranch = { ...without, '9998-other-branch': nextRelease['9999-next-release'] as Migration };
    await migrateToLatest(store.db, store.dialect, otherBranch);
    await expect(migrateToLatest(store.db, store.dialect)).rejects.toThrow(`without ${own}`);
  });
});
