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

    /** Removes the rows that no longer count: window started before `windowStart`, no lock after `now`. */
    async deleteStale(windowStart: number, now: number): Promise<void> {
      await db
        .deleteFrom('login_throttle')
        .where('window_started_at', '<', windowStart)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .execute();
    },
  };
}

export type LoginThrottleRepository = ReturnType<typeof createLoginThrottleRepository>;
