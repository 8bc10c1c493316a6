import type { Database } from '../database';

/** Named user options (`/options/{name}`). */
export function createOptionRepository(db: Database) {
  return {
    async upsert(userId: string, name: string, value: string, at: number): Promise<void> {
      await db
        .insertInto('user_options')
        .values({ user_id: userId, name, value, updated_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet({ value, updated_at: at }))
        .execute();
    },

    find(userId: string, name: string): Promise<string | undefined> {
      return db
        .selectFrom('user_options')
        .select('value')
        .where('user_id', '=', userId)
        .where('name', '=', name)
        .executeTakeFirst()
        .then((row) => row?.value);
    },

    async delete(userId: string, name: string): Promise<boolean> {
      const result = await db
        .deleteFrom('user_options')
        .where('user_id', '=', userId)
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type OptionRepository = ReturnType<typeof createOptionRepository>;
