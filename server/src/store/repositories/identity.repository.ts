import type { Database } from '../database';
import type { IdentitiesTable } from '../schema';

export type IdentityRow = IdentitiesTable;

/** Links an external issuer's subject to a local account. */
export function createIdentityRepository(db: Database) {
  return {
    findUserId(issuer: string, subject: string): Promise<string | undefined> {
      return db
        .selectFrom('identities')
        .select('user_id')
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .executeTakeFirst()
        .then((row) => row?.user_id);
    },

    async insert(row: IdentityRow): Promise<void> {
      await db.insertInto('identities').values(row).execute();
    },

    listByUser(userId: string): Promise<IdentityRow[]> {
      return db.selectFrom('identities').selectAll().where('user_id', '=', userId).execute();
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
