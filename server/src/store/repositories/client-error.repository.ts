import type { Database } from '../database';
import type { ClientErrorsTable } from '../schema';

export type ClientErrorRow = ClientErrorsTable;

/** Errors the web client's error boundary reported (sampled on the client). */
export function createClientErrorRepository(db: Database) {
  return {
    async insert(row: ClientErrorRow): Promise<void> {
      await db.insertInto('client_errors').values(row).execute();
    },

    async deleteOfUser(userId: string): Promise<void> {
      await db.deleteFrom('client_errors').where('user_id', '=', userId).execute();
    },

    /** Newest first. */
    latest(limit: number): Promise<ClientErrorRow[]> {
      return db.selectFrom('client_errors').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
    },
  };
}

export type ClientErrorRepository = ReturnType<typeof createClientErrorRepository>;
