import type { Database } from '../database';
import type { ClientStatsTable, UserStatisticsEventsTable } from '../schema';

export type ClientStatsRow = ClientStatsTable;
export type StatisticsEventRow = UserStatisticsEventsTable;

export function createStatisticsRepository(db: Database) {
  return {
    /** Only the fields sent are changed; the other keeps its last reported value. */
    async saveClientStats(
      userId: string,
      stats: { last_foreground?: number; last_engaged?: number },
      at: number,
    ): Promise<void> {
      const patch = {
        ...(stats.last_foreground !== undefined ? { last_foreground: stats.last_foreground } : {}),
        ...(stats.last_engaged !== undefined ? { last_engaged: stats.last_engaged } : {}),
        updated_at: at,
      };
      await db
        .insertInto('client_stats')
        .values({
          user_id: userId,
          last_foreground: stats.last_foreground ?? null,
          last_engaged: stats.last_engaged ?? null,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(patch))
        .execute();
    },

    findClientStats(userId: string): Promise<ClientStatsRow | undefined> {
      return db.selectFrom('client_stats').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    async insertEvents(rows: StatisticsEventRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insertInto('user_statistics_events').values(rows).execute();
    },

    listEvents(userId: string): Promise<StatisticsEventRow[]> {
      return db
        .selectFrom('user_statistics_events')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('timestamp', 'asc')
        .execute();
    },
  };
}

export type StatisticsRepository = ReturnType<typeof createStatisticsRepository>;
