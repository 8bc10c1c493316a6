import type { Database } from '../database';

export const ChangeType = {
  fileAdded: 0,
  fileRemoved: 1,
  comment: 10,
  marker: 11,
  reaction: 12,
} as const;
export type ChangeType = (typeof ChangeType)[keyof typeof ChangeType];

export function createChangeRepository(db: Database) {
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
