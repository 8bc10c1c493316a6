/**
 * Where file bytes, thumbnails and encodes live. The embedded default keeps them in a folder,
 * the scaled-out setup in an S3-compatible bucket; callers never know which, so both
 * implementations must pass the same contract suite (blob-store.contract.ts).
 */
import type { ChunkPool } from './chunk-pool';

/**
 * A live put keeps writing, so a staging file or multipart upload untouched this long belongs to a
 * crashed or hung process. Age-based rather than "everything" so that a second process on the same
 * store (admin CLI, demo seeding, another API process) cannot remove a running server's uploads.
 */
export const STALE_UPLOAD_AGE_MS = 60 * 60 * 1000;

export interface BlobStat {
  size: number;
  mtime?: Date;
}

/** Inclusive `end`, like an HTTP Range header, so the HTTP layer can pass ranges through unchanged. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface BlobPutOptions {
  /** Kept by object stores (served as-is by a CDN); the folder store ignores it. */
  contentType?: string;
  /** Client disconnects must not leave a half-written blob or keep reading the body. */
  signal?: AbortSignal;
  /**
   * The byte count the caller expects (e.g. an upload's declared length). A body that turns out
   * longer or shorter is rejected with BlobSizeMismatchError and nothing is stored. The S3 store
   * also needs it to size parts for bodies over 80 GiB (S3 allows at most 10,000 parts).
   */
  size?: number;
  /**
   * Called with each chunk of a stream body once its bytes are written and the store holds it no
   * more, so the caller may reuse or free it (an upload frees the request's chunks: see
   * http/reclaimed-body.ts). The folder store calls it; the S3 store never does (it copies chunks
   * into its parts, and the originals are left to the garbage collector).
   */
  onChunkStored?: (chunk: Buffer) => void;
}

export interface BlobReadOptions {
  /**
   * The folder store reads into these buffers instead of a fresh one per chunk; the consumer gives
   * each chunk back (`chunks.give`) once it is written out, and a reader with none free waits.
   * The S3 store ignores it (its chunks come from the HTTP client).
   */
  chunks?: ChunkPool;
}

export interface BlobStore {
  readonly kind: 'fs' | 's3';
  /**
   * Streams `body` to `key` with bounded memory (uploads reach 200 GiB). The blob becomes visible
   * only when complete, so a reader never sees a half file. Resolves with the byte count. Rejects,
   * leaving nothing behind, if the body errors or `signal` aborts before the blob is complete;
   * the body is destroyed in that case so the caller's source stops too.
   */
  put(key: string, body: NodeJS.ReadableStream | Buffer, opts?: BlobPutOptions): Promise<{ size: number }>;
  /**
   * Readable stream of the whole blob or of a range. Rejects with BlobNotFoundError when absent
   * and with InvalidRangeError when the range is malformed or starts at or past the end.
   * An `end` past the last byte is clamped, as HTTP does. The caller must consume or destroy
   * the stream: for S3 it holds a pooled connection.
   */
  get(key: string, range?: ByteRange, options?: BlobReadOptions): Promise<NodeJS.ReadableStream>;
  /**
   * The blob as a file on this machine, when the store keeps it as one (the folder store), so a
   * reader that takes paths (libvips, ffmpeg) opens it directly instead of copying its bytes
   * through JavaScript; null when the store is remote (S3), where get() reads it. The folder
   * store rejects with BlobNotFoundError when the blob is absent. The path is for reading only.
   */
  localFile(key: string): Promise<string | null>;
  stat(key: string): Promise<BlobStat | null>;
  exists(key: string): Promise<boolean>;
  /** Idempotent: trash purges and retries may delete the same key twice. */
  delete(key: string): Promise<void>;
  /**
   * Keys starting with `prefix` (a plain string prefix, as S3 defines it), in no particular
   * order; used by maintenance and tests. Only well-formed keys are listed, so every listed key
   * can be passed back to get/delete.
   */
  list(prefix: string): AsyncIterable<string>;
  /**
   * Removes what puts cut off by a crash left behind, once untouched for `olderThanMs` (default
   * STALE_UPLOAD_AGE_MS): the folder store's staging files, the S3 store's unfinished multipart
   * uploads. A put that fails while its process lives cleans up after itself at once. Resolves
   * with how many were removed.
   */
  sweepUnfinished(opts?: { olderThanMs?: number }): Promise<number>;
  /** A round trip to where the bytes are kept, for the readiness check; rejects when out of reach. */
  ping(signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

export class BlobNotFoundError extends Error {
  override readonly name = 'BlobNotFoundError';
  constructor(readonly key: string) {
    super(`blob not found: ${key}`);
  }
}

/** Thrown before any I/O: a key or prefix that reached the store without being checked is a bug upstream. */
export class InvalidBlobKeyError extends Error {
  override readonly name = 'InvalidBlobKeyError';
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`invalid blob key ${JSON.stringify(key.length > 80 ? `${key.slice(0, 80)}…` : key)}: ${reason}`);
  }
}

/** Maps to HTTP 416 upstream; both stores agree on when a range is unsatisfiable. */
export class InvalidRangeError extends Error {
  override readonly name = 'InvalidRangeError';
}

/** A truncated or overlong body: the upload must not be recorded as complete. */
export class BlobSizeMismatchError extends Error {
  override readonly name = 'BlobSizeMismatchError';
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`expected ${expected} bytes, got ${actual > expected ? `more (${actual} so far)` : actual}`);
  }
}
