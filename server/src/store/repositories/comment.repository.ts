import type { Database } from '../database';
import type { CommentsTable } from '../schema';
import { bumpAlbumCount } from './album-counts';

export type CommentRow = CommentsTable;

export function createCommentRepository(db: Database) {
  return {
    async insert(row: CommentRow): Promise<void> {
      await db.insertInto('comments').values(row).execute();
      await bumpAlbumCount(db, row.job_id, 'comment_count', 1);
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

    async remove(commentId: string): Promise<boolean> {
      const removed = await db
        .deleteFrom('comments')
        .where('id', '=', commentId)
        .returning('job_id')
        .executeTakeFirst();
      if (!removed) return false;
      await bumpAlbumCount(db, removed.job_id, 'comment_count', -1);
      return true;
    },
  };
}

export type CommentRepository = ReturnType<typeof createCommentRepository>;
