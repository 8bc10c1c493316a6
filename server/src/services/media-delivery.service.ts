import { BlobNotFoundError, type BlobStore } from '../blobs/blob-store';
import { badRequest, forbidden, notFound, unprocessable } from '../domain/errors';
import { posterKey, previewJpegKey, THUMB_FORMAT, thumbKey, videoKey } from '../media/derived-blob-keys';
import type { MediaUrls, SignedPurpose, ThumbArea } from '../media/media-urls';
import { MAX_PICTURE_BYTES, pictureToJpeg, UndecodableImageError } from '../media/thumbnails';
import type { Repositories } from '../store/repositories';
import type { MediaFileRow } from '../store/repositories/content-processing.repository';

const INVALID_SIGNATURE = 'invalid signature';

/** What a signed media URL carries besides the file's id. */
export interface Signature {
  exp?: number;
  sig?: string;
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

/** A thumbnail still being made, or one to stream (`open` answers null when its blob is missing). */
export type ThumbnailDelivery =
  | { status: 'pending' }
  | {
      status: 'ready';
      mime: string;
      etag: string;
      maxAge: number;
      open(): Promise<NodeJS.ReadableStream | null>;
    };

export interface MediaDeliveryDeps {
  repos: Pick<Repositories, 'contentProcessing'>;
  blobs: BlobStore;
  urls: Pick<MediaUrls, 'verify'>;
  clock: () => number;
}

/** What a live file's media URLs are checked against: the grant of the file's own job. */
const ownJobGrant = (file: MediaFileRow): SignedPurpose => ({ kind: 'job', jobId: file.jobId });

const withExt = (fileName: string, ext: string) => `${fileName.replace(/\.[^.]*$/, '')}.${ext}`;

/**
 * The bytes behind signed media URLs: thumbnails, a file's original bytes or its JPEG rendering,
 * and a movie's web encode. The signature is the access check, done first for every file; an
 * unknown file answers like a bad signature, so URLs cannot be used to probe for file ids.
 */
export function createMediaDeliveryService({ repos, blobs, urls, clock }: MediaDeliveryDeps) {
  // One conversion per content at a time; concurrent requests for it share the result.
  const converting = new Map<string, Promise<void>>();

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

  /** A live file of the job named in the URL. */
  async function liveFile(jobId: string, fileId: string, signature: Signature): Promise<MediaFileRow> {
    const file = await verifiedFile(fileId, ownJobGrant, signature);
    if (file.jobId !== jobId || file.deletedAt !== null) throw notFound();
    return file;
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
        try {
          return await blobs.get(thumbKey(file.sha256, area));
        } catch (error) {
          if (error instanceof BlobNotFoundError) return null;
          throw error;
        }
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

  async function ensurePreviewJpeg(file: MediaFileRow): Promise<void> {
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
      const file = await verifiedFile(fileId, ownJobGrant, signature);
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
