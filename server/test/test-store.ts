import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { openStore, type Store } from '../src/store/database';
import { createTestDatabase, type DatabaseKind, makeTempDir, type TestDatabase } from './test-database';

/**
 * A migrated store in a database of its own for the describe block that calls this: opened
 * before its first test, closed and dropped (with its folder) after its last.
 */
export function useTestStore(kind: DatabaseKind): () => Store {
  let dir: string | undefined;
  let database: TestDatabase | undefined;
  let store: Store | undefined;
  beforeAll(async () => {
    dir = makeTempDir();
    database = await createTestDatabase(kind, dir);
    store = await openStore(database.config);
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!store) throw new Error('the store opens before the first test');
    return store;
  };
}
