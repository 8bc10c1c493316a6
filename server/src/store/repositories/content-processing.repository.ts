import type { Database } from '../database';
import type { EncodeStatus, MediaKind, MediaRetriesTable, ThumbStatus } from '../schema';

/** A media task; its rounds are kept in `media_retries.job_name`, named before tasks had a word of their own. */
export type RetriedTask = MediaRetriesTable['job_name'];

/** A round of retries that is due: take it with `claimRetry`. */
export interface DueRetry {
  sha256: string;
  task: RetriedTask;
  retryAt: number;
}

/** The `contents` column where a task's outcome shows. */
const statusColumn = (task: RetriedTask) => (task === 'thumbnails' ? 'thumb_status' : 'encode_status');

/** What the media routes need to serve one file's bytes and derived blobs. */
export interface MediaFileRow {
  fileId: string;
  jobId: string;
  fileName: string;
  deletedAt: number | null;
  sha256: string;
  size: number;
  mime: string;
  mediaKind: MediaKind;
  blobKey: string;
  thumbStatus: ThumbStatus;
  encodeStatus: EncodeStatus;
}

export interface ContentForProcessing {
  sha256: string;
  size: number;
  mime: string;
  mediaKind: MediaKind;
  blobKey: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  thumbStatus: ThumbStatus;
  encodeStatus: EncodeStatus;
}

/**
 * The media pipeline's reads and writes on `contents` (thumb_status, encode_status, thumbhash and
 * sizes the ingest could not read). Kept apart from the ingest's content repository: the two sides
 * write different columns of the same rows.
 */
export function createContentProcessingRepository(db: Database) {
  /** Drops a content's rounds for a task: it succeeded, or failed for good. */
  const clearRetry = (executor: Database, sha256: string, task: RetriedTask) =>
    executor.deleteFrom('media_retries').where('sha256', '=', sha256).where('job_name', '=', task).execute();

  return {
    async findContent(sha256: string): Promise<ContentForProcessing | undefined> {
      const row = await db
        .selectFrom('contents')
        .select([
          'sha256',
          'size',
          'mime',
          'media_kind',
          'blob_key',
          'width',
          'height',
          'duration_ms',
          'thumb_status',
          'encode_status',
        ])
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        sha256: row.sha256,
        size: row.size,
        mime: row.mime,
        mediaKind: row.media_kind,
        blobKey: row.blob_key,
        width: row.width,
        height: row.height,
        durationMs: row.duration_ms,
        thumbStatus: row.thumb_status,
        encodeStatus: row.encode_status,
      };
    },

    async findMediaFile(fileId: string): Promise<MediaFileRow | undefined> {
      const row = await db
        .selectFrom('files')
        .innerJoin('contents', 'contents.sha256', 'files.content_sha256')
        .select([
          'files.id as fileId',
          'files.job_id as jobId',
          'files.file_name as fileName',
          'files.deleted_at as deletedAt',
          'contents.sha256 as sha256',
          'contents.size as size',
          'contents.mime as mime',
          'contents.media_kind as mediaKind',
          'contents.blob_key as blobKey',
          'contents.thumb_status as thumbStatus',
          'contents.encode_status as encodeStatus',
        ])
        .where('files.id', '=', fileId)
        .executeTakeFirst();
      return row;
    },

    async markThumbsReady(
      sha256: string,
      result: { thumbhash: string; width: number; height: number },
    ): Promise<void> {
      await db
        .updateTable('contents')
        .set((eb) => ({
          thumb_status: 'ready',
          thumbhash: result.thumbhash,
          // The ingest's metadata reader may not size every format (HEIC); the decoder always can.
          width: eb.fn.coalesce('width', eb.val(result.width)),
          height: eb.fn.coalesce('height', eb.val(result.height)),
        }))
        .where('sha256', '=', sha256)
        .execute();
      await clearRetry(db, sha256, 'thumbnails');
    },

    async setEncodeStatus(sha256: string, status: EncodeStatus): Promise<void> {
      await db.updateTable('contents').set({ encode_status: status }).where('sha256', '=', sha256).execute();
      if (status === 'ready') await clearRetry(db, sha256, 'encode-video');
    },

    /**
     * The queue gave up on a content's task: its status becomes 'failed', where users see it. For a
     * failure that may pass, `nextRetryAt(rounds)` says when (if ever) another round is due; a
     * permanent one (null) keeps no round. One transaction, so a failure is never shown without
     * its round being kept.
     */
    async recordFailure(
      sha256: string,
      task: RetriedTask,
      nextRetryAt: ((roundsFailed: number) => number | null) | null,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const marked = await trx
          .updateTable('contents')
          .set({ [statusColumn(task)]: 'failed' })
          .where('sha256', '=', sha256)
          .executeTakeFirst();
        // A purged content has no row left to retry for.
        if (Number(marked.numUpdatedRows) === 0) return;
        if (!nextRetryAt) {
          await clearRetry(trx, sha256, task);
          return;
        }
        const earlier = await trx
          .selectFrom('media_retries')
          .select('rounds')
          .where('sha256', '=', sha256)
          .where('job_name', '=', task)
          .executeTakeFirst();
        const rounds = (earlier?.rounds ?? 0) + 1;
        const retryAt = nextRetryAt(rounds);
        await trx
          .insertInto('media_retries')
          .values({ sha256, job_name: task, rounds, retry_at: retryAt })
          .onConflict((oc) => oc.columns(['sha256', 'job_name']).doUpdateSet({ rounds, retry_at: retryAt }))
          .execute();
      });
    },

    /** Rounds due by `now`, earliest first. */
    async listDueRetries(now: number, limit: number): Promise<DueRetry[]> {
      const rows = await db
        .selectFrom('media_retries')
        .select(['sha256', 'job_name', 'retry_at'])
        .where('retry_at', '<=', now)
        .orderBy('retry_at')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ sha256: row.sha256, task: row.job_name, retryAt: row.retry_at as number }));
    },

    /**
     * Takes a due round for this process: the round is no longer due (so no other process takes
     * it) and the task's status is 'pending' again, which also lets the startup sweep re-send it if
     * this process stops before its send. False when another process took it first.
     */
    async claimRetry(retry: DueRetry): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const taken = await trx
          .updateTable('media_retries')
          .set({ retry_at: null })
          .where('sha256', '=', retry.sha256)
          .where('job_name', '=', retry.task)
          .where('retry_at', '=', retry.retryAt)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('contents')
          .set({ [statusColumn(retry.task)]: 'pending' })
          .where('sha256', '=', retry.sha256)
          .where(statusColumn(retry.task), '=', 'failed')
          .execute();
        return true;
      });
    },

    /**
     * Contents whose work was queued but never finished (a crash, a restart), a page at a time
     * in hash order (keyset paging: the rows stay 'pending' while we page through them).
     */
    async listUnfinished(
      afterSha256: string,
      limit: number,
    ): Promise<{ sha256: string; thumbs: boolean; encode: boolean }[]> {
      const rows = await db
        .selectFrom('contents')
        .select(['sha256', 'thumb_status', 'encode_status'])
        .where((eb) =>
          eb.or([eb('thumb_status', '=', 'pending'), eb('encode_status', 'in', ['pending', 'processing'])]),
        )
        .where('sha256', '>', afterSha256)
        .orderBy('sha256')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        sha256: row.sha256,
        thumbs: row.thumb_status === 'pending',
        encode: row.encode_status === 'pending' || row.encode_status === 'processing',
      }));
    },
  };
}

export type ContentProcessingRepository = ReturnType<typeof createContentProcessingRepository>;
