import type { Database } from '../database';
import type { CommentsTable } from '../schema';

export type CommentRow = CommentsTable;

export function createCommentRepository(db: Database) {
  return {
    async insert(row: CommentRow): Promise<void> {
      await db.insertInto('comments').values(row).execute();
    },

    findById(jobId: string, fileId: string, commentId: string): Promise<CommentRow | undefined> {
      return db
        .selectFrom('comments')
        .selectAll()
        .where('id', '=', commentId)
        .where('job_id', '=', jobId)
        .where('file_id', '=', fileId)
        .executeTakeFirst();
    },

    listForFile(jobId: string, fileId: string): Promise<CommentRow[]> {
      return db
        .selectFrom('comments')
        .selectAll()
        .where('job_id', '=', jobId)
        .where('file_id', '=', fileId)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
    },

    async edit(commentId: string, body: string, at: number): Promise<void> {
      await db.updateTable('comments').set({ body, edited_at: at }).where('id', '=', commentId).execute();
    },

    /** The job the comment was in, or null when there was no such comment. */
    async remove(commentId: string): Promise<string | null> {
      const removed = await db
        .deleteFrom('comments')
        .where('id', '=', commentId)
        .returning('job_id')
        .executeTakeFirst();
      return removed?.job_id ?? null;
    },

    /** Deletes every comment on a file; answers how many there were. */
    async removeForFile(jobId: string, fileId: string): Promise<number> {
      const result = await db
        .deleteFrom('comments')
        .where('job_id', '=', jobId)
        .where('file_id', '=', fileId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type CommentRepository = ReturnType<typeof createCommentRepository>;
