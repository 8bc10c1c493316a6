import type { Kysely } from 'kysely';
import type { Database } from '../database';

/**
 * A user's values by key. Two stores keep them: account attributes (free-form pairs the client
 * keeps on the account, polled every 30 s) and named options (`/options/{name}`). Their tables
 * differ only in what the key column is called.
 */
const STORES = {
  accountAttributes: { table: 'account_attributes', keyColumn: 'key' },
  options: { table: 'user_options', keyColumn: 'name' },
} as const;

export type UserValueStore = keyof typeof STORES;

interface UserValueRow {
  user_id: string;
  key: string;
  value: string;
  updated_at: number;
}

export function createUserValueRepository(db: Database, store: UserValueStore) {
  const { table, keyColumn } = STORES[store];
  // Kysely types each column by name; both tables are seen as having the attribute table's shape,
  // and the key column is named at run time. STORES and schema.ts keep the names true.
  const values = db as unknown as Kysely<Record<typeof table, UserValueRow>>;
  const key = keyColumn as 'key';
  return {
    async upsert(userId: string, name: string, value: string, at: number): Promise<void> {
      await values
        .insertInto(table)
        .values({ user_id: userId, [key]: name, value, updated_at: at })
        .onConflict((oc) => oc.columns(['user_id', key]).doUpdateSet({ value, updated_at: at }))
        .execute();
    },

    find(userId: string, name: string): Promise<string | undefined> {
      return values
        .selectFrom(table)
        .select('value')
        .where('user_id', '=', userId)
        .where(key, '=', name)
        .executeTakeFirst()
        .then((row) => row?.value);
    },

    async delete(userId: string, name: string): Promise<boolean> {
      const result = await values
        .deleteFrom(table)
        .where('user_id', '=', userId)
        .where(key, '=', name)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type UserValueRepository = ReturnType<typeof createUserValueRepository>;
