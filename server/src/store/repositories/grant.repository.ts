import type { Database } from '../database';
import type { GrantsTable } from '../schema';

export type GrantRow = GrantsTable;

export function createGrantRepository(db: Database) {
  return {
    async insert(grant: GrantRow): Promise<void> {
      await db.insertInto('grants').values(grant).execute();
    },

    listByUser(userId: string): Promise<GrantRow[]> {
      return db
        .selectFrom('grants')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .execute();
    },
  };
}

export type GrantRepository = ReturnType<typeof createGrantRepository>;
