import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../database';
import type { DB, FilesTable } from '../schema';

/** A trashed file with what the trash list shows of its content. */
export type TrashRow = Pick<
  FilesTable,
  | 'id'
  | 'job_id'
  | 'content_sha256'
  | 'path'
  | 'size'
  | 'mtime'
  | 'deleted_at'
  | 'group_type'
  | 'group_id'
  | 'is_master'
  | 'file_type'
> & {
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  media_kind: 'picture' | 'movie' | 'document';
};

/**
 * A user's trash: trashed files of their live jobs, and trashed files they uploaded to a live job
 * of someone else (the uploader may restore or purge those too). Files of a deleted job are in the
 * trash with their job, not one by one.
 */
export function inTrashOf(userId: string) {
  return (eb: ExpressionBuilder<DB, 'files' | 'jobs'>) =>
    eb.and([
      eb('files.deleted_at', 'is not', null),
      eb('jobs.deleted_at', 'is', null),
      eb.or([eb('jobs.owner_id', '=', userId), eb('files.user_id', '=', userId)]),
    ]);
}

/** A trashed album as the trash lists it. */
export interface DeletedAlbumRow {
  id: string;
  name: string;
  deleted_at: number;
  /** Its files that come back with it: the live ones and those trashed with it. */
  media_count: number;
  cover_id: string | null;
  cover_sha256: string | null;
}

/** A file of an album being deleted for good, live or trashed. */
export interface AlbumFileRow {
  id: string;
  user_id: string;
  content_sha256: string;
  size: number;
  deleted_at: number | null;
}

/** Files that belong to an album in the trash: live ones and those trashed with it (or later). */
const withAlbum = sql<boolean>`(f.deleted_at is null or f.deleted_at >= jobs.deleted_at)`;

export function createTrashRepository(db: Database) {
  return {
    /** Newest deletion first, then by id, so pages neither repeat nor skip. */
    list(userId: string, page: { offset: number; limit: number }): Promise<TrashRow[]> {
      return db
        .selectFrom('files')
        .innerJoin('jobs', 'jobs.id', 'files.job_id')
        .innerJoin('contents', 'contents.sha256', 'files.content_sha256')
        .select([
          'files.id',
          'files.job_id',
          'files.content_sha256',
          'files.path',
          'files.size',
          'files.mtime',
          'files.deleted_at',
          'files.group_type',
          'files.group_id',
          'files.is_master',
          'files.file_type',
          'contents.width',
          'contents.height',
          'contents.duration_ms',
          'contents.media_kind',
        ])
        .where(inTrashOf(userId))
        .orderBy('files.deleted_at', 'desc')
        .orderBy('files.id', 'asc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },

    async count(userId: string): Promise<number> {
      const row = await db
        .selectFrom('files')
        .innerJoin('jobs', 'jobs.id', 'files.job_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(inTrashOf(userId))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The owner's albums in the trash, newest deletion first. */
    async deletedAlbums(ownerId: string): Promise<DeletedAlbumRow[]> {
      const rows = await db
        .selectFrom('jobs')
        .leftJoin('albums', 'albums.job_id', 'jobs.id')
        .select([
          'jobs.id',
          'jobs.name',
          'jobs.deleted_at',
          sql<number>`(select count(*) from files f where f.job_id = jobs.id and ${withAlbum})`.as(
            'media_count',
          ),
          sql<string | null>`coalesce(
            (select f.id from files f where f.id = albums.cover_file_id and f.job_id = jobs.id and ${withAlbum}),
            (select f.id from files f where f.job_id = jobs.id and ${withAlbum} order by f.uploaded_at desc, f.id limit 1))`.as(
            'cover_id',
          ),
        ])
        .where('jobs.owner_id', '=', ownerId)
        .where('jobs.type', '=', 'story')
        .where('jobs.deleted_at', 'is not', null)
        .orderBy('jobs.deleted_at', 'desc')
        .orderBy('jobs.id')
        .execute();
      const covers = rows.map((row) => row.cover_id).filter((id): id is string => id !== null);
      const shas = new Map(
        covers.length === 0
          ? []
          : (
              await db
                .selectFrom('files')
                .select(['id', 'content_sha256'])
                .where('id', 'in', covers)
                .execute()
            ).map((row) => [row.id, row.content_sha256]),
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        deleted_at: Number(row.deleted_at),
        media_count: Number(row.media_count),
        cover_id: row.cover_id,
        cover_sha256: row.cover_id ? (shas.get(row.cover_id) ?? null) : null,
      }));
    },

    /** The owner's album if it is in the trash. */
    findDeletedAlbum(ownerId: string, jobId: string) {
      return db
        .selectFrom('jobs')
        .select(['id', 'deleted_at'])
        .where('id', '=', jobId)
        .where('owner_id', '=', ownerId)
        .where('type', '=', 'story')
        .where('deleted_at', 'is not', null)
        .executeTakeFirst();
    },

    /** Ids of the album's files trashed with it or after it. */
    async filesTrashedWith(jobId: string, deletedAt: number): Promise<string[]> {
      const rows = await db
        .selectFrom('files')
        .select('id')
        .where('job_id', '=', jobId)
        .where('deleted_at', '>=', deletedAt)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Takes the album out of the trash; false when it was not there. */
    async restoreAlbum(jobId: string): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ deleted_at: null })
        .where('id', '=', jobId)
        .where('deleted_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Every file of the job, live or trashed, in id order (row locks in a stable order). */
    filesOfJob(jobId: string): Promise<AlbumFileRow[]> {
      return db
        .selectFrom('files')
        .select(['id', 'user_id', 'content_sha256', 'size', 'deleted_at'])
        .where('job_id', '=', jobId)
        .orderBy('id')
        .execute();
    },

    async deleteFile(id: string): Promise<boolean> {
      const result = await db.deleteFrom('files').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Deletes a job in the trash (its album, members and change rows go with it by cascade). */
    async deleteTrashedJob(jobId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('jobs')
        .where('id', '=', jobId)
        .where('deleted_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Albums trashed before `cutoff` (epoch ms), oldest first. */
    async albumsDeletedBefore(cutoff: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('jobs')
        .select('id')
        .where('type', '=', 'story')
        .where('deleted_at', 'is not', null)
        .where('deleted_at', '<', cutoff)
        .orderBy('deleted_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Ids of files trashed before `cutoff` (epoch ms), oldest first: what the purge takes next. */
    async trashedBefore(cutoff: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('files')
        .select('id')
        .where('deleted_at', 'is not', null)
        .where('deleted_at', '<', cutoff)
        .orderBy('deleted_at', 'asc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

export type TrashRepository = ReturnType<typeof createTrashRepository>;
