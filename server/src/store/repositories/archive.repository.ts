import type { Database } from '../database';
import type { ContentsTable, FilesTable } from '../schema';
import { inTrashOf } from './trash.repository';

/** A file as an archive packs it: where its bytes are and what its entry is called and dated. */
export type ArchiveFileRow = Pick<
  FilesTable,
  'id' | 'job_id' | 'path' | 'size' | 'mtime' | 'is_master' | 'group_type'
> &
  Pick<ContentsTable, 'sha256' | 'mime' | 'media_kind'> & { blob_key: string };

/** Reads for archive downloads: the files of a job, a share or a user's trash, in a stable order. */
export function createArchiveRepository(db: Database) {
  const base = () =>
    db.selectFrom('files').innerJoin('contents', 'contents.sha256', 'files.content_sha256').select([
      'files.id',
      'files.job_id',
      'files.path',
      'files.mtime',
      'files.is_master',
      'files.group_type',
      'contents.sha256',
      // The stored bytes' length, which the archive declares up front.
      'contents.size',
      'contents.mime',
      'contents.media_kind',
      'contents.blob_key',
    ]);

  return {
    /** Live files of the job (only those named, when `fileIds` is given), oldest first. */
    jobFiles(jobId: string, fileIds?: readonly string[]): Promise<ArchiveFileRow[]> {
      let query = base().where('files.job_id', '=', jobId).where('files.deleted_at', 'is', null);
      if (fileIds) query = query.where('files.id', 'in', fileIds);
      return query.orderBy('files.taken_at').orderBy('files.id').execute();
    },

    /** Live files of a share (only those named, when `fileIds` is given), in the order shared. */
    shareFiles(shareId: string, fileIds?: readonly string[]): Promise<ArchiveFileRow[]> {
      let query = base()
        .innerJoin('share_files', 'share_files.file_id', 'files.id')
        .where('share_files.share_id', '=', shareId)
        .where('files.deleted_at', 'is', null);
      if (fileIds) query = query.where('files.id', 'in', fileIds);
      return query.orderBy('share_files.position').execute();
    },

    /** The user's trash (trash.repository's rule), or the trashed files named of it. */
    trashFiles(userId: string, fileIds?: readonly string[]): Promise<ArchiveFileRow[]> {
      let query = base().innerJoin('jobs', 'jobs.id', 'files.job_id').where(inTrashOf(userId));
      if (fileIds) query = query.where('files.id', 'in', fileIds);
      return query.orderBy('files.deleted_at', 'desc').orderBy('files.id').execute();
    },
  };
}

export type ArchiveRepository = ReturnType<typeof createArchiveRepository>;
