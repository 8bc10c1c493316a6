import { sql } from 'kysely';
import type { Database } from '../database';
import type { UsersTable } from '../schema';

export type UserRow = UsersTable;

export function createUserRepository(db: Database) {
  return {
    async insert(user: UserRow): Promise<void> {
      await db.insertInto('users').values(user).execute();
    },

    findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst();
    },

    /** Which of `keys` are a user's current profile picture. */
    async currentPictureKeys(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .selectFrom('users')
        .select('profile_picture_key')
        .where('profile_picture_key', 'in', keys)
        .execute();
      return new Set(rows.map((row) => row.profile_picture_key ?? ''));
    },

    async update(
      id: string,
      patch: Partial<
        Pick<
          UserRow,
          'name' | 'is_disabled' | 'is_read_only' | 'profile_picture_key' | 'password_hash' | 'language'
        >
      >,
    ): Promise<boolean> {
      const result = await db.updateTable('users').set(patch).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
