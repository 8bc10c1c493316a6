import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/test-database';
import { useTestStore } from '../../../test/test-store';
import { createSecretRepository } from './secret.repository';

describe.each(databaseKinds)('secret repository on %s', (kind) => {
  const store = useTestStore(kind);

  it('generates a secret once and returns the same value afterwards, also under concurrent first use', async () => {
    const secrets = createSecretRepository(store().db);
    let n = 0;
    const values = await Promise.all(
      Array.from({ length: 5 }, () => secrets.getOrCreate('signing', () => `value-${++n}`)),
    );
    expect(new Set(values).size).toBe(1);
    expect(await secrets.getOrCreate('signing', () => 'other')).toBe(values[0]);
  });
});
