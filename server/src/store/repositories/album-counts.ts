import { sql } from 'kysely';
import type { Database } from '../database';

export type AlbumCountColumn = 'participant_count' | 'comment_count' | 'reaction_count';

/**
 * Moves one of the album row's counts; called by the repository that writes the counted row, on
 * the same connection, so the count changes in the transaction that changes the rows.
 */
export async function bumpAlbumCount(
  db: Database,
  jobId: string,
  column: AlbumCountColumn,
  delta: 1 | -1,
): Promise<void> {
  await db
    .updateTable('albums')
    .set({ [column]: sql<number>`${sql.ref(column)} + ${delta}` })
    .where('job_id', '=', jobId)
    .execute();
}
