import type { TransactionRepositories } from '../store/repositories';
import type { CommentRow } from '../store/repositories/comment.repository';

/*
 * How derived counts are kept (one rule for the whole server):
 * - The timeline's per-day and per-file summaries (`timeline_days`, `timeline_files`), read at
 *   scale by every timeline page, are kept by database triggers, written for both SQLite and
 *   PostgreSQL in their migrations; nothing else is kept by a trigger.
 * - Every other derived count (used space and the timeline counters in `usage`, an album's files,
 *   bytes and dates, its participants, comments and loves) is moved by the service layer's
 *   bookkeeping, in the transaction that writes the counted rows: file-bookkeeping.ts for files,
 *   this module for what people add to an album.
 * - Repositories stay plain queries: a method writes or reads the rows it names and nothing else,
 *   and answers whether a row changed so the bookkeeping knows what to count.
 * A service writes counted rows only through these functions, never through the repository alone.
 */

type Books<K extends keyof TransactionRepositories> = Pick<TransactionRepositories, K | 'albums'>;

export async function addComment(tx: Books<'comments'>, row: CommentRow): Promise<void> {
  await tx.comments.insert(row);
  await tx.albums.moveCounts(row.job_id, { comment_count: 1 });
}

/** False when the comment was already gone (two deletes at once count once). */
export async function removeComment(tx: Books<'comments'>, commentId: string): Promise<boolean> {
  const jobId = await tx.comments.remove(commentId);
  if (jobId === null) return false;
  await tx.albums.moveCounts(jobId, { comment_count: -1 });
  return true;
}

/** False when the actor already loved the file. */
export async function addLove(
  tx: Books<'reactions'>,
  row: { job_id: string; file_id: string; actor_id: string; kind: string; created_at: number },
): Promise<boolean> {
  if (!(await tx.reactions.add(row))) return false;
  await tx.albums.moveCounts(row.job_id, { reaction_count: 1 });
  return true;
}

/** False when there was no love to remove. */
export async function removeLove(
  tx: Books<'reactions'>,
  love: { jobId: string; fileId: string; actorId: string },
): Promise<boolean> {
  if (!(await tx.reactions.remove(love.jobId, love.fileId, love.actorId))) return false;
  await tx.albums.moveCounts(love.jobId, { reaction_count: -1 });
  return true;
}

export async function addMember(tx: Books<never>, jobId: string, userId: string, at: number): Promise<void> {
  if (await tx.albums.addMember(jobId, userId, at))
    await tx.albums.moveCounts(jobId, { participant_count: 1 });
}

/** False when the user was not a member. */
export async function removeMember(tx: Books<never>, jobId: string, userId: string): Promise<boolean> {
  if (!(await tx.albums.removeMember(jobId, userId))) return false;
  await tx.albums.moveCounts(jobId, { participant_count: -1 });
  return true;
}

/**
 * A file deleted for good takes its comments and loves with it (nobody can reach them again), in
 * the transaction that deletes its row. Only albums have them; the call costs two index seeks.
 */
export async function removeFileRemarks(
  tx: Books<'comments' | 'reactions'>,
  file: { id: string; job_id: string },
): Promise<void> {
  const comments = await tx.comments.removeForFile(file.job_id, file.id);
  const loves = await tx.reactions.removeForFile(file.job_id, file.id);
  await tx.albums.moveCounts(file.job_id, { comment_count: -comments, reaction_count: -loves });
}
