import type { Database } from '../database';

export function createSecretRepository(db: Database) {
  return {
    /**
     * The named secret, generated on first use. Concurrent first uses (two API processes starting
     * together) agree on one value: the losing insert is ignored and both read the winner back.
     */
    async getOrCreate(name: string, generate: () => string): Promise<string> {
      const existing = await db
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirst();
      if (existing) return existing.value;
      await db
        .insertInto('server_secrets')
        .values({ name, value: generate(), created_at: Date.now() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.value;
    },
  };
}

export type SecretRepository = ReturnType<typeof createSecretRepository>;
