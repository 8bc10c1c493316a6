import type { StorageGrant } from '../../domain/quota';
import type { Database } from '../database';
import type { GrantsTable } from '../schema';

export type GrantRow = GrantsTable;

export function createGrantRepository(db: Database) {
  return {
    async insert(grant: GrantRow): Promise<void> {
      await db.insertInto('grants').values(grant).execute();
    },

    async storageGrantsOf(userId: string): Promise<StorageGrant[]> {
      const rows = await db
        .selectFrom('grants')
        .select(['size_bytes', 'expires_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .execute();
      return rows.map((row) => ({ sizeBytes: Number(row.size_bytes), expiresAt: row.expires_at }));
    },
  };
}

export type GrantRepository = ReturnType<typeof createGrantRepository>;
