import { Readable, Transform } from 'node:stream';
import { BlobSizeMismatchError, type ByteRange, InvalidRangeError } from './blob-store';

/**
 * A pass-through that counts bytes, so `put` can report the size without buffering the body.
 * With an expected size it fails the stream as soon as the body proves longer, or at its end when
 * shorter, which is before either store publishes the blob.
 */
export class ByteCounter extends Transform {
  bytes = 0;

  constructor(private readonly expectedSize?: number) {
    super();
  }

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (error?: Error | null) => void,
  ): void {
    this.bytes += chunk.length;
    if (this.expectedSize !== undefined && this.bytes > this.expectedSize) {
      callback(new BlobSizeMismatchError(this.expectedSize, this.bytes));
      return;
    }
    this.push(chunk);
    callback();
  }

  override _flush(callback: (error?: Error | null) => void): void {
    if (this.expectedSize !== undefined && this.bytes !== this.expectedSize) {
      callback(new BlobSizeMismatchError(this.expectedSize, this.bytes));
      return;
    }
    callback();
  }
}

/** One chunk, not a byte-by-byte iteration: Readable.from never splits a Buffer. */
export function toReadable(body: NodeJS.ReadableStream | Buffer): NodeJS.ReadableStream {
  return Buffer.isBuffer(body) ? Readable.from([body]) : body;
}

/** What `put` rejects with on abort: the signal's own reason, so callers can tell their abort apart. */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const error = new Error('The operation was aborted', { cause: reason });
  error.name = 'AbortError';
  return error;
}

/** Shared so both stores reject the same malformed ranges before any I/O. */
export function assertValidRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0) throw new InvalidRangeError(`invalid range start ${start}`);
  if (end !== undefined && (!Number.isSafeInteger(end) || end < start)) {
    throw new InvalidRangeError(`invalid range end ${end}`);
  }
}

/** Stops a caller's source (e.g. a request body) once its bytes can no longer be stored. */
export function destroyQuietly(stream: NodeJS.ReadableStream): void {
  const destroyable = stream as NodeJS.ReadableStream & { destroy?: (error?: Error) => void };
  if (typeof destroyable.destroy === 'function') destroyable.destroy();
}

export function assertValidExpectedSize(size: number | undefined): void {
  if (size !== undefined && (!Number.isSafeInteger(size) || size < 0)) {
    throw new RangeError(`invalid expected size ${size}`);
  }
}

/**
 * The checks every store runs before a byte moves: key, declared size, abort. A refused put
 * destroys the caller's stream, as a failed one does.
 */
export function beginPut<K>(
  body: NodeJS.ReadableStream | Buffer,
  opts: { size?: number; signal?: AbortSignal },
  resolveKey: () => K,
): { source: NodeJS.ReadableStream; target: K } {
  const source = toReadable(body);
  try {
    const target = resolveKey();
    assertValidExpectedSize(opts.size);
    opts.signal?.throwIfAborted();
    return { source, target };
  } catch (error) {
    destroyQuietly(source);
    throw opts.signal?.aborted ? abortError(opts.signal) : error;
  }
}
