import type { Database } from '../database';
import type { SharesTable } from '../schema';

export type ShareRow = SharesTable;

/** A shared file as the share receiver shows it; `deleted_at` set once the owner trashed it. */
export interface SharedFileRow {
  id: string;
  job_id: string;
  path: string;
  file_name: string;
  deleted_at: number | null;
  mime: string;
  size: number;
  media_kind: 'picture' | 'movie' | 'document';
  duration_ms: number | null;
  width: number | null;
  height: number | null;
}

export function createShareRepository(db: Database) {
  return {
    async insert(share: ShareRow, fileIds: readonly string[]): Promise<void> {
      await db.insertInto('shares').values(share).execute();
      // Chunks keep each statement under SQLite's bound-parameter limit.
      for (let i = 0; i < fileIds.length; i += 300) {
        await db
          .insertInto('share_files')
          .values(
            fileIds.slice(i, i + 300).map((file_id, j) => ({ share_id: share.id, file_id, position: i + j })),
          )
          .execute();
      }
    },

    find(id: string): Promise<ShareRow | undefined> {
      return db.selectFrom('shares').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The share's files in the order they were shared. */
    async files(shareId: string): Promise<SharedFileRow[]> {
      const rows = await db
        .selectFrom('share_files')
        .innerJoin('files', 'files.id', 'share_files.file_id')
        .innerJoin('contents', 'contents.sha256', 'files.content_sha256')
        .select([
          'files.id as id',
          'files.job_id as job_id',
          'files.path as path',
          'files.file_name as file_name',
          'files.deleted_at as deleted_at',
          'contents.mime as mime',
          'contents.size as size',
          'contents.media_kind as media_kind',
          'contents.duration_ms as duration_ms',
          'contents.width as width',
          'contents.height as height',
        ])
        .where('share_files.share_id', '=', shareId)
        .orderBy('share_files.position')
        .execute();
      return rows.map((row) => ({ ...row, size: Number(row.size) }));
    },

    /** Whether the file is one of the share's (the check behind a share-signed media URL). */
    async hasFile(shareId: string, fileId: string): Promise<boolean> {
      const row = await db
        .selectFrom('share_files')
        .select('file_id')
        .where('share_id', '=', shareId)
        .where('file_id', '=', fileId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async markDeleted(id: string, at: number): Promise<void> {
      await db.updateTable('shares').set({ deleted_at: at }).where('id', '=', id).execute();
    },
  };
}

export type ShareRepository = ReturnType<typeof createShareRepository>;
