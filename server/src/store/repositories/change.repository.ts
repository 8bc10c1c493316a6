import * as feed from '@nordlys/contract/job-changes';
import { sql } from 'kysely';
import { type ChangeNotifier, JOB_CHANGED_CHANNEL, jobChangedPayload } from '../../events/job-events';
import type { Database, Dialect } from '../database';

/** The feed's change codes (contract/job-changes.ts) by the names the services write them under. */
export const ChangeType = {
  fileAdded: feed.CHANGE_FILE_ADDED,
  fileRemoved: feed.CHANGE_FILE_REMOVED,
  comment: feed.CHANGE_COMMENT,
  marker: feed.CHANGE_EVENT_MARKER,
  reaction: feed.CHANGE_REACTION,
} as const;
export type ChangeType = (typeof ChangeType)[keyof typeof ChangeType];

/**
 * On PostgreSQL the NOTIFY goes out with the transaction's commit (and not at all on rollback),
 * to every process LISTENing; on SQLite the one server process is told directly.
 */
function defaultNotifier(dialect: Dialect): ChangeNotifier | undefined {
  if (dialect !== 'postgres') return undefined;
  return async (db, jobId, serial) => {
    await sql`select pg_notify(${JOB_CHANGED_CHANNEL}, ${jobChangedPayload(jobId, serial)})`.execute(db);
  };
}

export function createChangeRepository(db: Database, dialect: Dialect, notifier?: ChangeNotifier) {
  const notify = notifier ?? defaultNotifier(dialect);
  return {
    /**
     * Bumps the job's serial and records the change under it. Must run in the transaction that
     * makes the change: the row lock on the job orders concurrent changes, so serials never
     * repeat or skip and `/changes?since=N` sees every event once.
     */
    async append(
      jobId: string,
      change: { type: ChangeType; entityId: string; fields?: Record<string, unknown> | null; at: number },
    ): Promise<number> {
      const { serial } = await db
        .updateTable('jobs')
        .set((eb) => ({ serial: eb('serial', '+', 1), updated_at: change.at }))
        .where('id', '=', jobId)
        .returning('serial')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('changes')
        .values({
          job_id: jobId,
          serial: Number(serial),
          type: change.type,
          entity_id: change.entityId,
          fields: change.fields ? JSON.stringify(change.fields) : null,
          created_at: change.at,
        })
        .execute();
      await notify?.(db, jobId, Number(serial));
      return Number(serial);
    },

    listSince(jobId: string, since: number, limit = 1000) {
      return db
        .selectFrom('changes')
        .selectAll()
        .where('job_id', '=', jobId)
        .where('serial', '>', since)
        .orderBy('serial', 'asc')
        .limit(limit)
        .execute();
    },
  };
}

export type ChangeRepository = ReturnType<typeof createChangeRepository>;
