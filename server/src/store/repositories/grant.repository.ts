import type { StorageGrant } from '../../domain/quota';
import type { Database } from '../database';
import type { GrantsTable } from '../schema';

export type GrantRow = GrantsTable;
export type NewGrant = Omit<GrantRow, 'subscription_id'> & { subscription_id?: string | null };

export function createGrantRepository(db: Database) {
  return {
    async insert(grant: NewGrant): Promise<void> {
      await db
        .insertInto('grants')
        .values({ ...grant, subscription_id: grant.subscription_id ?? null })
        .execute();
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

    /** The grants that have not expired at `now`, oldest first. */
    liveGrantsOf(userId: string, now: number): Promise<GrantRow[]> {
      return db
        .selectFrom('grants')
        .selectAll()
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
    },

    findBySubscription(subscriptionId: string): Promise<GrantRow | undefined> {
      return db
        .selectFrom('grants')
        .selectAll()
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirst();
    },

    async update(id: string, patch: Partial<Pick<GrantRow, 'size_bytes' | 'expires_at'>>): Promise<void> {
      await db.updateTable('grants').set(patch).where('id', '=', id).execute();
    },

    async deleteByUserAndSource(userId: string, source: string): Promise<void> {
      await db.deleteFrom('grants').where('user_id', '=', userId).where('source', '=', source).execute();
    },
  };
}

export type GrantRepository = ReturnType<typeof createGrantRepository>;
