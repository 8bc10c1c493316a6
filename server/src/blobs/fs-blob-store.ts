import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import {
  access,
  type FileHandle,
  constants as fsConstants,
  lstat,
  mkdir,
  open,
  opendir,
  rename,
  rm,
  stat,
  unlink,
} from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  assertValidBlobKey,
  assertValidBlobPrefix,
  isValidBlobKey,
  prefixDirectorySegments,
  RESERVED_FIRST_SEGMENT,
} from './blob-key';
import {
  BlobNotFoundError,
  type BlobPutOptions,
  type BlobReadOptions,
  type BlobStat,
  type BlobStore,
  type ByteRange,
  InvalidBlobKeyError,
  InvalidRangeError,
  STALE_UPLOAD_AGE_MS,
} from './blob-store';
import { abortError, assertValidRange, ByteCounter, beginPut, destroyQuietly } from './blob-stream';
import type { ChunkPool } from './chunk-pool';
import { FileSink } from './file-sink';
import { PooledReadStream } from './pooled-read-stream';

/**
 * Reads in 1 MiB chunks rather than the default 64 KiB: an archive or a download passes every chunk
 * through several streams, and fewer, larger chunks keep that cost small against the disk's.
 */
const READ_BUFFER_BYTES = 1024 * 1024;

function readStream(
  handle: FileHandle,
  start: number,
  end: number,
  chunks?: ChunkPool,
): NodeJS.ReadableStream {
  const length = Math.max(end - start + 1, 0);
  if (chunks) return new PooledReadStream(handle, start, start + length, chunks);
  return handle.createReadStream({
    start,
    end: Math.max(end, start),
    highWaterMark: Math.max(Math.min(READ_BUFFER_BYTES, length), 1),
  });
}

export class FsBlobStore implements BlobStore {
  readonly kind = 'fs' as const;
  readonly root: string;
  /** Inside root so the final rename never crosses file systems (which would not be atomic). */
  readonly tempDir: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.tempDir = path.join(this.root, RESERVED_FIRST_SEGMENT);
  }

  /** Creates the folders and clears what a crashed process left in the staging area. */
  static async open(root: string): Promise<FsBlobStore> {
    const store = new FsBlobStore(root);
    await mkdir(store.tempDir, { recursive: true });
    await store.sweepUnfinished();
    return store;
  }

  /** Removes staging files untouched for `olderThanMs`; resolves with how many were removed. */
  async sweepUnfinished({
    olderThanMs = STALE_UPLOAD_AGE_MS,
  }: {
    olderThanMs?: number;
  } = {}): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    let dir: Awaited<ReturnType<typeof opendir>>;
    try {
      dir = await opendir(this.tempDir);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    for await (const entry of dir) {
      const file = path.join(this.tempDir, entry.name);
      try {
        if ((await lstat(file)).mtimeMs > cutoff) continue;
        await rm(file, { recursive: true, force: true });
        removed += 1;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return removed;
  }

  async put(
    key: string,
    body: NodeJS.ReadableStream | Buffer,
    opts: BlobPutOptions = {},
  ): Promise<{ size: number }> {
    const { signal } = opts;
    const { source, target } = beginPut(body, opts, () => this.pathOf(key));

    const temp = path.join(this.tempDir, `${randomUUID()}.part`);
    const counter = new ByteCounter(opts.size);
    let sink: FileSink | undefined;
    try {
      // Recreated on demand: an operator may have cleaned the folder while we were running.
      await mkdir(this.tempDir, { recursive: true });
      // The sink fsyncs before it finishes: data must be on disk before the rename publishes it,
      // or a power cut can expose a torn file under the final name.
      sink = new FileSink(await open(temp, 'wx'), opts.onChunkStored);
      await pipeline(source, counter, sink, { signal });
      signal?.throwIfAborted();
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      destroyQuietly(source);
      // Only once the sink has closed its file is the staging file no longer written to.
      if (sink && !sink.closed) await once(sink, 'close').catch(() => {});
      await rm(temp, { force: true }).catch(() => {});
      throw signal?.aborted ? abortError(signal) : error;
    }
    await syncDirectory(path.dirname(target));
    return { size: counter.bytes };
  }

  async get(
    key: string,
    range?: ByteRange,
    { chunks }: BlobReadOptions = {},
  ): Promise<NodeJS.ReadableStream> {
    const file = this.pathOf(key);
    if (range) assertValidRange(range);
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFoundError(key);
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new BlobNotFoundError(key);
      // The end known, the stream stops without a read that only finds it; the chunk no larger
      // than the bytes, so a tiny file does not allocate a whole buffer.
      if (!range) return readStream(handle, 0, info.size - 1, chunks);
      if (range.start >= info.size) {
        throw new InvalidRangeError(`range starts at ${range.start}, blob has ${info.size} bytes`);
      }
      const end = Math.min(range.end ?? info.size - 1, info.size - 1);
      return readStream(handle, range.start, end, chunks);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async localFile(key: string): Promise<string> {
    if (!(await this.stat(key))) throw new BlobNotFoundError(key);
    return this.pathOf(key);
  }

  async stat(key: string): Promise<BlobStat | null> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      return info.isFile() ? { size: info.size, mtime: info.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      await unlink(file);
    } catch (error) {
      if (isMissing(error)) return;
      // A directory (parent of other keys) is not a blob, so there is nothing to delete.
      const code = errorCode(error);
      if ((code === 'EISDIR' || code === 'EPERM') && (await stat(file)).isDirectory()) return;
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<string> {
    assertValidBlobPrefix(prefix);
    const segments = prefixDirectorySegments(prefix);
    const start = segments.length > 0 ? this.resolveInside(segments, prefix) : this.root;
    yield* this.walk(start, segments.join('/'), prefix);
  }

  async ping(): Promise<void> {
    // The staging folder is where every put begins: it must be there and writable.
    await access(this.tempDir, fsConstants.W_OK);
  }

  async close(): Promise<void> {}

  /**
   * Starting in the deepest directory the prefix names, every entry's key begins with that
   * directory, so `key.startsWith(prefix)` only filters the first level; deeper levels all match.
   */
  private async *walk(dir: string, keyDir: string, prefix: string): AsyncGenerator<string> {
    let entries: Awaited<ReturnType<typeof opendir>>;
    try {
      entries = await opendir(dir);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for await (const entry of entries) {
      if (keyDir === '' && entry.name === RESERVED_FIRST_SEGMENT) continue;
      const key = keyDir === '' ? entry.name : `${keyDir}/${entry.name}`;
      if (!key.startsWith(prefix)) continue;
      // Symlinks are neither followed nor listed: we never create them, so they are not blobs.
      if (entry.isDirectory()) yield* this.walk(path.join(dir, entry.name), key, '');
      else if (entry.isFile() && isValidBlobKey(key)) yield key;
    }
  }

  private pathOf(key: string): string {
    assertValidBlobKey(key);
    return this.resolveInside(key.split('/'), key);
  }

  /** Defence in depth: even a validated key is re-checked after the OS-specific path resolution. */
  private resolveInside(segments: string[], original: string): string {
    const resolved = path.resolve(this.root, ...segments);
    const relative = path.relative(this.root, resolved);
    if (
      relative === '' ||
      relative === '..' ||
      relative.startsWith(`..${path.sep}`) ||
      path.isAbsolute(relative)
    ) {
      throw new InvalidBlobKeyError(original, 'resolves outside the blob root');
    }
    return resolved;
  }
}

/** Makes the rename itself durable. Best effort: some platforms (Windows) cannot open a directory. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // The blob is already visible; failing the put now would misreport it as not stored.
  } finally {
    await handle?.close().catch(() => {});
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** ENOTDIR: a key below a path that is a file ('a/b' when 'a' is a blob) is just absent. */
function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}
