import type { Database } from '../database';
import type { EncodeStatus, MediaKind, ThumbStatus } from '../schema';

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
    },

    async markThumbsFailed(sha256: string): Promise<void> {
      await db.updateTable('contents').set({ thumb_status: 'failed' }).where('sha256', '=', sha256).execute();
    },

    async setEncodeStatus(sha256: string, status: EncodeStatus): Promise<void> {
      await db.updateTable('contents').set({ encode_status: status }).where('sha256', '=', sha256).execute();
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
