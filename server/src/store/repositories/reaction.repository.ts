import type { Database } from '../database';

export function createReactionRepository(db: Database) {
  return {
    /** True when the love is new (a repeated love changes nothing). */
    async add(row: { job_id: string; file_id: string; actor_id: string; kind: string; created_at: number }) {
      const result = await db
        .insertInto('reactions')
        .values(row)
        .onConflict((oc) => oc.columns(['job_id', 'file_id', 'actor_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** True when there was a love to remove. */
    async remove(jobId: string, fileId: string, actorId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('reactions')
        .where('job_id', '=', jobId)
        .where('file_id', '=', fileId)
        .where('actor_id', '=', actorId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Deletes every love on a file; answers how many there were. */
    async removeForFile(jobId: string, fileId: string): Promise<number> {
      const result = await db
        .deleteFrom('reactions')
        .where('job_id', '=', jobId)
        .where('file_id', '=', fileId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async loves(
      jobId: string,
      fileId: string,
      actorId: string | null,
    ): Promise<{ count: number; mine: boolean }> {
      const rows = await db
        .selectFrom('reactions')
        .select('actor_id')
        .where('job_id', '=', jobId)
        .where('file_id', '=', fileId)
        .execute();
      return { count: rows.length, mine: actorId !== null && rows.some((row) => row.actor_id === actorId) };
    },
  };
}

export type ReactionRepository = ReturnType<typeof createReactionRepository>;
