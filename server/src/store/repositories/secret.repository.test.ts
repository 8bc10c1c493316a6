import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  databaseKinds,
  makeTempDir,
  type TestDatabase,
} from '../../../test/test-database';
import { openStore, type Store } from '../database';
import { createSecretRepository } from './secret.repository';

describe.each(databaseKinds)('secret repository on %s', (kind) => {
  let dir: string;
  let database: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    dir = makeTempDir();
    database = await createTestDatabase(kind, dir);
    store = await openStore(database.config);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('generates a secret once and returns the same value afterwards, also under concurrent first use', async () => {
    const secrets = createSecretRepository(store.db);
    let n = 0;
    const values = await Promise.all(
      Array.from({ length: 5 }, () => secrets.getOrCreate('signing', () => `value-${++n}`)),
    );
    expect(new Set(values).size).toBe(1);
    expect(await secrets.getOrCreate('signing', () => 'other')).toBe(values[0]);
  });
});
