import type { Database } from '../database';
import { bumpAlbumCount } from './album-counts';

export function createReactionRepository(db: Database) {
  return {
    /** True when the love is new (a repeated love changes nothing). */
    async add(row: { job_id: string; file_id: string; actor_id: string; kind: string; created_at: number }) {
      const result = await db
        .insertInto('reactions')
        .values(row)
        .onConflict((oc) => oc.columns(['job_id', 'file_id', 'actor_id']).doNothing())
        .executeTakeFirst();
      const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
      if (added) await bumpAlbumCount(db, row.job_id, 'reaction_count', 1);
      return added;
    },

    /** True when there was a love to remove. */
    async remove(jobId: string, fileId: string, actorId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('reactions')
        .where('job_id', '=', jobId)
        .where('file_id', '=', fileId)
        .where('actor_id', '=', actorId)
        .executeTakeFirst();
      const removed = Number(result.numDeletedRows) > 0;
      if (removed) await bumpAlbumCount(db, jobId, 'reaction_count', -1);
      return removed;
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
