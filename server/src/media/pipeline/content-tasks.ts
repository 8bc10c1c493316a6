import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../../blobs/blob-store';
import {
  isPermanent,
  type MediaTaskName,
  PermanentTaskError,
  type TaskHandlers,
} from '../../queue/task-queue';
import type {
  ContentForProcessing,
  ContentProcessingRepository,
} from '../../store/repositories/content-processing.repository';
import { posterKey, THUMB_FORMAT, thumbKey, videoKey } from '../derived-blob-keys';
import { createThumbnailThreads } from '../thumbnail-threads';
import {
  MAX_PICTURE_BYTES,
  makeThumbnails,
  type PictureSource,
  type ThumbnailSet,
  UndecodableImageError,
} from '../thumbnails';
import { encodeWebMp4, extractPoster, probeVideo, UnreadableVideoError } from '../video';
import { createLimiter } from './limiter';
import { nextRetryAt } from './retry-policy';

/**
 * Two thumbnail tasks at a time so one's blob reads, writes and database updates overlap the
 * other's decode (the decode itself is limited to one at a time by the handlers); one encode,
 * since ffmpeg uses every core it is given.
 */
export const DEFAULT_CONCURRENCY: Record<MediaTaskName, number> = { thumbnails: 2, 'encode-video': 1 };
/** As many as the handlers' CPU slots (one): the threads keep the main thread free, not add CPU. */
export const THUMBNAIL_THREADS = 1;

/** Where ffmpeg's scratch files go: on the data disk, never in a size-limited /tmp. */
export const mediaTmpDir = (dataDir: string) => path.join(dataDir, 'tmp', 'media');

export interface ContentTaskDeps {
  repo: ContentProcessingRepository;
  blobs: BlobStore;
  /** Scratch folder for ffmpeg's seekable inputs and outputs (DATA_DIR/tmp/media). */
  tmpDir: string;
  /**
   * Decodes and resizes at once (default 1). Thumbnail tasks may run concurrently so one task's
   * reads and writes overlap another's pixel work, but the CPU-heavy part stays this bounded.
   */
  cpuSlots?: number;
  /** Epoch milliseconds, for when a failed task's next round is due. */
  clock?: () => number;
  /** Where thumbnails are made; by default on the calling thread. */
  makeThumbnails?: (picture: PictureSource) => Promise<ThumbnailSet>;
}

/**
 * Clears scratch folders a killed process left. Only stale ones: several workers on one machine
 * may share the folder, and a live task's scratch files are touched as it works.
 */
export async function prepareTmpDir(tmpDir: string, olderThanMs = 6 * 60 * 60 * 1000): Promise<void> {
  await mkdir(tmpDir, { recursive: true });
  const cutoff = Date.now() - olderThanMs;
  for (const entry of await readdir(tmpDir)) {
    const full = path.join(tmpDir, entry);
    const info = await stat(full).catch(() => null);
    if (info && info.mtimeMs < cutoff) await rm(full, { recursive: true, force: true });
  }
}

/** A picture blob as the decoder reads it: the folder store's file itself, else its bytes. */
async function pictureOf(blobs: BlobStore, key: string, signal: AbortSignal): Promise<PictureSource> {
  const file = await blobs.localFile(key);
  return file ? { file } : readBlob(blobs, key, signal);
}

async function readBlob(blobs: BlobStore, key: string, signal: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = await blobs.get(key);
  signal.throwIfAborted();
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Runs `work` with the content's bytes as a file (the folder store's own; a copy for a remote
 * store) and a private scratch folder for its outputs.
 */
async function withLocalFile<T>(
  deps: ContentTaskDeps,
  content: ContentForProcessing,
  signal: AbortSignal,
  work: (input: string, dir: string) => Promise<T>,
): Promise<T> {
  const dir = path.join(deps.tmpDir, randomUUID());
  await mkdir(dir, { recursive: true });
  try {
    let input = await deps.blobs.localFile(content.blobKey);
    if (!input) {
      input = path.join(dir, 'source');
      await pipeline(await deps.blobs.get(content.blobKey), createWriteStream(input), { signal });
    }
    return await work(input, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What each task does to one content. */
export function createContentTaskHandlers(deps: ContentTaskDeps): TaskHandlers {
  const { repo, blobs } = deps;
  const withCpu = createLimiter(deps.cpuSlots ?? 1);
  const thumbnailsOf = deps.makeThumbnails ?? makeThumbnails;
  const clock = deps.clock ?? Date.now;
  // Bytes that do not decode never will; anything else may pass, so later rounds are kept.
  const recordFailure = (sha256: string, task: MediaTaskName, error: unknown) =>
    repo.recordFailure(sha256, task, isPermanent(error) ? null : (rounds) => nextRetryAt(rounds, clock()));

  const picture = async (content: ContentForProcessing, signal: AbortSignal): Promise<PictureSource> => {
    if (content.mediaKind === 'picture') {
      if (content.size > MAX_PICTURE_BYTES) throw new PermanentTaskError('picture too large to thumbnail');
      return pictureOf(blobs, content.blobKey, signal);
    }
    // A movie's thumbnails are cut from its poster frame, which is kept for `to_jpeg` too.
    if (!(await blobs.exists(posterKey(content.sha256)))) {
      await withLocalFile(deps, content, signal, async (input, dir) => {
        const probe = await probeVideo(input, { signal });
        const poster = path.join(dir, 'poster.jpg');
        await extractPoster(input, poster, probe, { signal });
        await blobs.put(posterKey(content.sha256), await readFile(poster), { contentType: 'image/jpeg' });
      });
    }
    return pictureOf(blobs, posterKey(content.sha256), signal);
  };

  return {
    thumbnails: {
      async run({ sha256 }, { signal }) {
        const content = await repo.findContent(sha256);
        // Gone (purged) or already done by an earlier run: both leave nothing to do.
        if (!content || content.thumbStatus === 'ready' || content.mediaKind === 'document') return;
        try {
          const source = await picture(content, signal);
          const thumbs = await withCpu(() => thumbnailsOf(source));
          // All writes at once: each waits on its own fsync.
          await Promise.all([
            blobs.put(thumbKey(sha256, 256), thumbs.small.data, { contentType: THUMB_FORMAT.mime }),
            blobs.put(thumbKey(sha256, 512), thumbs.tile.data, { contentType: THUMB_FORMAT.mime }),
            blobs.put(thumbKey(sha256, 1280), thumbs.large.data, { contentType: THUMB_FORMAT.mime }),
          ]);
          await repo.markThumbsReady(sha256, thumbs);
        } catch (error) {
          if (error instanceof UndecodableImageError || error instanceof UnreadableVideoError) {
            throw new PermanentTaskError(error.message);
          }
          throw error;
        }
      },
      async fail({ sha256 }, error) {
        await recordFailure(sha256, 'thumbnails', error);
      },
    },

    'encode-video': {
      async run({ sha256 }, { signal }) {
        const content = await repo.findContent(sha256);
        if (content?.mediaKind !== 'movie' || content.encodeStatus === 'ready') return;
        await repo.setEncodeStatus(sha256, 'processing');
        try {
          await withLocalFile(deps, content, signal, async (input, dir) => {
            const probe = await probeVideo(input, { signal });
            const output = path.join(dir, 'video.mp4');
            await encodeWebMp4(input, output, probe, { signal });
            await blobs.put(videoKey(sha256), createReadStream(output), { contentType: 'video/mp4', signal });
          });
        } catch (error) {
          if (error instanceof UnreadableVideoError) throw new PermanentTaskError(error.message);
          throw error;
        }
        await repo.setEncodeStatus(sha256, 'ready');
      },
      async fail({ sha256 }, error) {
        await recordFailure(sha256, 'encode-video', error);
      },
    },
  };
}

/**
 * The handlers as a process that runs tasks holds them: the scratch folder cleared of what a
 * killed process left, and thumbnails made on a thread of their own.
 */
export async function startContentTasks(deps: {
  repo: ContentProcessingRepository;
  blobs: BlobStore;
  dataDir: string;
  clock?: () => number;
}): Promise<{ handlers: TaskHandlers; close(): Promise<void> }> {
  const tmpDir = mediaTmpDir(deps.dataDir);
  await prepareTmpDir(tmpDir);
  const threads = createThumbnailThreads(THUMBNAIL_THREADS);
  const handlers = createContentTaskHandlers({
    repo: deps.repo,
    blobs: deps.blobs,
    tmpDir,
    clock: deps.clock,
    makeThumbnails: threads.make,
  });
  return { handlers, close: () => threads.close() };
}
