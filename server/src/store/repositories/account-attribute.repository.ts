import type { Database } from '../database';

/** Free-form key/value pairs the client keeps on the account (polled every 30 s). */
export function createAccountAttributeRepository(db: Database) {
  return {
    async upsert(userId: string, key: string, value: string, at: number): Promise<void> {
      await db
        .insertInto('account_attributes')
        .values({ user_id: userId, key, value, updated_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value, updated_at: at }))
        .execute();
    },

    find(userId: string, key: string): Promise<string | undefined> {
      return db
        .selectFrom('account_attributes')
        .select('value')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst()
        .then((row) => row?.value);
    },

    async delete(userId: string, key: string): Promise<boolean> {
      const result = await db
        .deleteFrom('account_attributes')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type AccountAttributeRepository = ReturnType<typeof createAccountAttributeRepository>;
