import type { Database } from '../database';
import type { LoginThrottleTable } from '../schema';

export type LoginThrottleRow = LoginThrottleTable;

/** Failed-guess counters, kept in the database so every server process sees the same lockouts. */
export function createLoginThrottleRepository(db: Database) {
  return {
    find(key: string): Promise<LoginThrottleRow | undefined> {
      return db.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();
    },

    async save(row: LoginThrottleRow): Promise<void> {
      await db
        .insertInto('login_throttle')
        .values(row)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: row.failures,
            window_started_at: row.window_started_at,
            locked_until: row.locked_until,
          }),
        )
        .execute();
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('login_throttle').where('key', '=', key).execute();
    },
  };
}

export type LoginThrottleRepository = ReturnType<typeof createLoginThrottleRepository>;
