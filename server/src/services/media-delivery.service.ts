import { BlobNotFoundError, type BlobStore } from '../blobs/blob-store';
import { badRequest, forbidden, notFound, unprocessable } from '../domain/errors';
import { isShareLive } from '../domain/share-rules';
import { posterKey, previewJpegKey, THUMB_FORMAT, thumbKey, videoKey } from '../media/derived-blob-keys';
import type { MediaUrls, SignedPurpose, ThumbArea } from '../media/media-urls';
import { createLimiter } from '../media/pipeline/limiter';
import { MAX_PICTURE_BYTES, pictureToJpeg, tileFromLarge, UndecodableImageError } from '../media/thumbnails';
import type { Repositories } from '../store/repositories';
import type { MediaFileRow } from '../store/repositories/content-processing.repository';

const INVALID_SIGNATURE = 'invalid signature';

/** What a signed media URL carries besides the file's id. */
export interface Signature {
  exp?: number;
  sig?: string;
  /** Set when the URL is signed for a share rather than for the file's job. */
  share?: string;
  /** '1' when the URL is signed for one file for a TV receiver (see MediaUrls.castUrl). */
  cast?: '1';
}

/** A blob to stream, with what a reply says about it; nothing is read until `open`. */
export interface DeliveredBlob {
  size: number;
  mime: string;
  /** Changes only with the bytes. */
  etag: string;
  /** Seconds the URL stays valid, so the answer may be cached that long. */
  maxAge: number;
  /** The name a browser saves it under. */
  fileName: string;
  open(range?: { start: number; end: number }): Promise<NodeJS.ReadableStream>;
}

/**
 * A thumbnail's bytes. `standIn` when the large thumbnail answers for a tile not made yet: those
 * bytes must not be kept under the tile's URL and ETag.
 */
export interface ThumbnailBytes {
  stream: NodeJS.ReadableStream;
  standIn: boolean;
}

/** A thumbnail still being made, or one to stream (`open` answers null when its blob is missing). */
export type ThumbnailDelivery =
  | { status: 'pending' }
  | {
      status: 'ready';
      mime: string;
      etag: string;
      maxAge: number;
      open(): Promise<ThumbnailBytes | null>;
    };

export interface MediaDeliveryDeps {
  repos: Pick<Repositories, 'contentProcessing' | 'shares'>;
  blobs: BlobStore;
  urls: Pick<MediaUrls, 'verify'>;
  clock: () => number;
  /** A tile that could not be made from the large thumbnail (its stand-in is still served). */
  onTileError?: (sha256: string, error: unknown) => void;
}

/**
 * Tiles being made from large thumbnails at most: past this, a request serves the stand-in and
 * leaves the tile to a later request, so a fast scroll through an old library queues no backlog.
 */
const MAX_TILES_WAITING = 64;

/** What a live file's media URLs are checked against: the grant of the file's own job. */
const ownJobGrant = (file: MediaFileRow): SignedPurpose => ({ kind: 'job', jobId: file.jobId });

/** What a receiver's URL is checked against: a grant for that one file. */
const castGrant = (file: MediaFileRow): SignedPurpose => ({
  kind: 'cast',
  jobId: file.jobId,
  fileId: file.fileId,
});

const withExt = (fileName: string, ext: string) => `${fileName.replace(/\.[^.]*$/, '')}.${ext}`;

/**
 * The bytes behind signed media URLs: thumbnails, a file's original bytes or its JPEG rendering,
 * and a movie's web encode. The signature is the access check, done first for every file; an
 * unknown file answers like a bad signature, so URLs cannot be used to probe for file ids.
 */
export function createMediaDeliveryService({ repos, blobs, urls, clock, onTileError }: MediaDeliveryDeps) {
  // One conversion per content at a time; concurrent requests for it share the result.
  const converting = new Map<string, Promise<void>>();
  const tilesMaking = new Set<string>();
  // One at a time: this runs in the process that answers requests.
  const tileSlot = createLimiter(1);

  /** Seconds until `exp`: the URL can be cached exactly as long as it stays valid. */
  const maxAgeUntil = (exp: number | undefined) => Math.max(0, Math.floor((exp ?? 0) - clock() / 1000));

  async function verifiedFile(
    fileId: string,
    purpose: (file: MediaFileRow) => SignedPurpose,
    signature: Signature,
  ): Promise<MediaFileRow> {
    const file = await repos.contentProcessing.findMediaFile(fileId);
    if (!file || !urls.verify(purpose(file), signature.exp, signature.sig))
      throw forbidden(INVALID_SIGNATURE);
    return file;
  }

  /**
   * A file reached through a share's signature: only while the share is live and the file is one
   * of its own. Any other file answers like a bad signature.
   */
  async function sharedFile(shareId: string, fileId: string, signature: Signature): Promise<MediaFileRow> {
    const file = await verifiedFile(fileId, () => ({ kind: 'share', shareId }), signature);
    const share = await repos.shares.find(shareId);
    if (!share || !isShareLive(share, clock()) || !(await repos.shares.hasFile(shareId, fileId))) {
      throw forbidden(INVALID_SIGNATURE);
    }
    return file;
  }

  /** The file a live-file URL names, checked against the signature it carries (a job's or a share's). */
  const signedLiveFile = (fileId: string, signature: Signature) => {
    if (signature.share !== undefined) return sharedFile(signature.share, fileId, signature);
    if (signature.cast === '1') return verifiedFile(fileId, castGrant, signature);
    return verifiedFile(fileId, ownJobGrant, signature);
  };

  /** A live file of the job named in the URL. */
  async function liveFile(jobId: string, fileId: string, signature: Signature): Promise<MediaFileRow> {
    const file = await signedLiveFile(fileId, signature);
    if (file.jobId !== jobId || file.deletedAt !== null) throw notFound();
    return file;
  }

  const openBlob = async (key: string): Promise<NodeJS.ReadableStream | null> => {
    try {
      return await blobs.get(key);
    } catch (error) {
      if (error instanceof BlobNotFoundError) return null;
      throw error;
    }
  };

  /**
   * Contents thumbnailed before tiles existed have none: the tile is cut from the large thumbnail
   * in the background, and the next request for it finds it.
   */
  function makeTileLater(sha256: string): void {
    if (tilesMaking.has(sha256) || tilesMaking.size >= MAX_TILES_WAITING) return;
    tilesMaking.add(sha256);
    void tileSlot(async () => {
      const large = await blobs.get(thumbKey(sha256, 1280));
      const chunks: Buffer[] = [];
      for await (const chunk of large as AsyncIterable<Buffer>) chunks.push(chunk);
      const tile = await tileFromLarge(Buffer.concat(chunks));
      await blobs.put(thumbKey(sha256, 512), tile, { contentType: THUMB_FORMAT.mime });
    })
      .catch((error: unknown) => onTileError?.(sha256, error))
      .finally(() => tilesMaking.delete(sha256));
  }

  function thumbnailOf(file: MediaFileRow, area: ThumbArea, signature: Signature): ThumbnailDelivery {
    if (file.mediaKind === 'document' || file.thumbStatus === 'none') throw notFound('no thumbnail');
    if (file.thumbStatus === 'failed') throw notFound('thumbnail failed');
    if (file.thumbStatus === 'pending') return { status: 'pending' };
    return {
      status: 'ready',
      mime: THUMB_FORMAT.mime,
      etag: `"${file.sha256}-${area}.${THUMB_FORMAT.ext}"`,
      maxAge: maxAgeUntil(signature.exp),
      async open() {
        const stream = await openBlob(thumbKey(file.sha256, area));
        if (stream) return { stream, standIn: false };
        if (area !== 512) return null;
        makeTileLater(file.sha256);
        const large = await openBlob(thumbKey(file.sha256, 1280));
        return large && { stream: large, standIn: true };
      },
    };
  }

  /** A blob made from the file's content, or null while it does not exist. */
  async function derived(
    file: MediaFileRow,
    key: string,
    mime: string,
    fileName: string,
    signature: Signature,
  ): Promise<DeliveredBlob | null> {
    const info = await blobs.stat(key);
    if (!info) return null;
    return {
      size: info.size,
      mime,
      etag: `"${file.sha256}-${key.slice(key.lastIndexOf('/') + 1)}"`,
      maxAge: maxAgeUntil(signature.exp),
      fileName,
      open: (range) => blobs.get(key, range),
    };
  }

  async function ensurePreviewJpeg(file: Pick<MediaFileRow, 'sha256' | 'size' | 'blobKey'>): Promise<void> {
    const key = previewJpegKey(file.sha256);
    if (await blobs.exists(key)) return;
    let pending = converting.get(file.sha256);
    if (!pending) {
      pending = (async () => {
        if (file.size > MAX_PICTURE_BYTES) throw new UndecodableImageError('picture too large to convert');
        const chunks: Buffer[] = [];
        for await (const chunk of (await blobs.get(file.blobKey)) as AsyncIterable<Buffer>)
          chunks.push(chunk);
        await blobs.put(key, await pictureToJpeg(Buffer.concat(chunks)), { contentType: 'image/jpeg' });
      })().finally(() => converting.delete(file.sha256));
      converting.set(file.sha256, pending);
    }
    await pending;
  }

  /** The JPEG rendering: a picture converted once and kept, a movie's poster frame. */
  async function jpegOf(file: MediaFileRow, signature: Signature): Promise<DeliveredBlob> {
    if (file.mediaKind === 'document') throw badRequest('querystring.to_jpeg applies to pictures and movies');
    const name = withExt(file.fileName, 'jpg');
    if (file.mediaKind === 'movie') {
      const poster = await derived(file, posterKey(file.sha256), 'image/jpeg', name, signature);
      if (!poster) throw notFound('poster not ready');
      return poster;
    }
    try {
      await ensurePreviewJpeg(file);
    } catch (error) {
      if (error instanceof UndecodableImageError) throw unprocessable('picture does not decode');
      throw error;
    }
    const jpeg = await derived(file, previewJpegKey(file.sha256), 'image/jpeg', name, signature);
    if (!jpeg) throw notFound();
    return jpeg;
  }

  return {
    /** A live file's thumbnail; a file moved to the trash is reached through its trash URL only. */
    async thumbnail(fileId: string, area: ThumbArea, signature: Signature): Promise<ThumbnailDelivery> {
      const file = await signedLiveFile(fileId, signature);
      if (file.deletedAt !== null) throw notFound();
      return thumbnailOf(file, area, signature);
    },

    /** A trashed file's thumbnail, by a signature that grants nothing else. */
    async trashThumbnail(
      jobId: string,
      fileId: string,
      area: ThumbArea,
      signature: Signature,
    ): Promise<ThumbnailDelivery> {
      const file = await verifiedFile(
        fileId,
        (f) => ({ kind: 'trash', jobId, fileId, contentSha: f.sha256 }),
        signature,
      );
      if (file.jobId !== jobId) throw notFound();
      return thumbnailOf(file, area, signature);
    },

    /** The file's own bytes, or with `toJpeg` a JPEG rendering (a JPEG is its own). */
    async preview(
      jobId: string,
      fileId: string,
      options: { toJpeg: boolean },
      signature: Signature,
    ): Promise<DeliveredBlob> {
      const file = await liveFile(jobId, fileId, signature);
      if (options.toJpeg && file.mime !== 'image/jpeg') return jpegOf(file, signature);
      return {
        size: file.size,
        mime: file.mime,
        etag: `"${file.sha256}"`,
        maxAge: maxAgeUntil(signature.exp),
        fileName: file.fileName,
        open: (range) => blobs.get(file.blobKey, range),
      };
    },

    /**
     * A picture's JPEG rendering as bytes, made once per content and kept (archives with
     * heic_to_jpeg); the caller has checked access.
     */
    async jpegRendering(
      content: Pick<MediaFileRow, 'sha256' | 'size' | 'blobKey'>,
    ): Promise<NodeJS.ReadableStream> {
      await ensurePreviewJpeg(content);
      return blobs.get(previewJpegKey(content.sha256));
    },

    /** A movie's web encode, once it is ready. */
    async video(jobId: string, fileId: string, signature: Signature): Promise<DeliveredBlob> {
      const file = await liveFile(jobId, fileId, signature);
      if (file.mediaKind !== 'movie') throw notFound('not a movie');
      if (file.encodeStatus !== 'ready') throw notFound('video not encoded');
      const video = await derived(
        file,
        videoKey(file.sha256),
        'video/mp4',
        withExt(file.fileName, 'mp4'),
        signature,
      );
      if (!video) throw notFound('video not encoded');
      return video;
    },
  };
}

export type MediaDeliveryService = ReturnType<typeof createMediaDeliveryService>;
