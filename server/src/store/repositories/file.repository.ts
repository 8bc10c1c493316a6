import { sql } from 'kysely';
import type { Database } from '../database';
import type { ContentsTable, FilesTable } from '../schema';
import { ChangeType } from './change.repository';

export type FileRow = FilesTable;

/** A file with the content fields a FileRecord shows. */
export type FileWithContent = FileRow &
  Pick<
    ContentsTable,
    | 'width'
    | 'height'
    | 'duration_ms'
    | 'thumb_status'
    | 'encode_status'
    | 'thumbhash'
    | 'metadata'
    | 'media_kind'
  >;

/** What a FileRecord is made from: every column it shows, and nothing else. */
export type FileRecordSource = Pick<
  FileWithContent,
  | 'id'
  | 'job_id'
  | 'content_sha256'
  | 'user_id'
  | 'path'
  | 'file_name'
  | 'size'
  | 'mtime'
  | 'ctime'
  | 'taken_at'
  | 'uploaded_at'
  | 'file_type'
  | 'is_screenshot'
  | 'group_type'
  | 'group_id'
  | 'is_master'
  | 'media_kind'
  | 'width'
  | 'height'
  | 'duration_ms'
  | 'encode_status'
  | 'thumbhash'
>;

export function createFileRepository(db: Database) {
  const withContent = () =>
    db
      .selectFrom('files')
      .innerJoin('contents', 'contents.sha256', 'files.content_sha256')
      .selectAll('files')
      .select([
        'contents.width',
        'contents.height',
        'contents.duration_ms',
        'contents.thumb_status',
        'contents.encode_status',
        'contents.thumbhash',
        'contents.metadata',
        'contents.media_kind',
      ]);

  return {
    async insert(file: FileRow): Promise<void> {
      await db.insertInto('files').values(file).execute();
    },

    findById(id: string): Promise<FileWithContent | undefined> {
      return withContent().where('files.id', '=', id).executeTakeFirst();
    },

    /** The newest non-deleted file at `path` in the job. */
    /**
     * The newest live file at a path (a path may hold many files): latest upload time, and among
     * files uploaded in the same millisecond the one whose addition to the job came last, so the
     * same request always answers the same file.
     */
    findByPath(jobId: string, path: string): Promise<FileWithContent | undefined> {
      return withContent()
        .where('files.job_id', '=', jobId)
        .where('files.path', '=', path)
        .where('files.deleted_at', 'is', null)
        .orderBy('files.uploaded_at', 'desc')
        .orderBy(
          sql`coalesce((select max(c.serial) from changes c where c.job_id = files.job_id and c.entity_id = files.id and c.type = ${ChangeType.fileAdded}), 0)`,
          'desc',
        )
        .orderBy('files.id', 'desc')
        .executeTakeFirst();
    },

    /** The most recently trashed file at `path` in the job. */
    findTrashedByPath(jobId: string, path: string): Promise<FileWithContent | undefined> {
      return withContent()
        .where('files.job_id', '=', jobId)
        .where('files.path', '=', path)
        .where('files.deleted_at', 'is not', null)
        .orderBy('files.deleted_at', 'desc')
        .executeTakeFirst();
    },

    findByPathAndContent(jobId: string, path: string, sha256: string): Promise<FileWithContent | undefined> {
      return withContent()
        .where('files.job_id', '=', jobId)
        .where('files.path', '=', path)
        .where('files.content_sha256', '=', sha256)
        .where('files.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** Marks the file deleted if it is not yet; false when it already was (a repeated DELETE). */
    async markDeleted(id: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('files')
        .set({ deleted_at: at })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Takes the file out of the trash; false when it was not in it. */
    async markRestored(id: string): Promise<boolean> {
      const result = await db
        .updateTable('files')
        .set({ deleted_at: null })
        .where('id', '=', id)
        .where('deleted_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The user's live files in the job whose thumbnail or video encode is still being made. */
    async processingIds(jobId: string, userId: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('files')
        .innerJoin('contents', 'contents.sha256', 'files.content_sha256')
        .select('files.id')
        .where('files.job_id', '=', jobId)
        .where('files.user_id', '=', userId)
        .where('files.deleted_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('contents.thumb_status', '=', 'pending'),
            eb('contents.encode_status', 'in', ['pending', 'processing']),
          ]),
        )
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Deletes a file for good, only from the trash; false when it was not there. */
    async deleteTrashed(id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('files')
        .where('id', '=', id)
        .where('deleted_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type FileRepository = ReturnType<typeof createFileRepository>;
