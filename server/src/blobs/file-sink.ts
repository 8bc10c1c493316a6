import type { FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';

/** Chunks queued before a write starts: the network's 64 KiB chunks reach the disk as one writev. */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/**
 * After this many more bytes are on the file, they are flushed to the disk in the background while
 * the rest still arrives. Left to the final fsync, a large file's bytes would wait in the page cache
 * (the kernel starts writing them back only at a tenth of memory, or after 30 s), and the upload
 * would queue the disk's whole write behind the network's whole read instead of overlapping them.
 */
export const FLUSH_EVERY_BYTES = 32 * 1024 * 1024;

/** The chunks still to write once `written` bytes of `chunks` are on the file. */
function unwritten(chunks: Buffer[], written: number): Buffer[] {
  let skip = written;
  let index = 0;
  while (index < chunks.length && skip >= (chunks[index] as Buffer).length) {
    skip -= (chunks[index] as Buffer).length;
    index += 1;
  }
  const rest = chunks.slice(index);
  if (skip > 0) rest[0] = (rest[0] as Buffer).subarray(skip);
  return rest;
}

/**
 * Writes a stream into an open file: queued chunks go out as one writev each, as they are (never
 * joined into a copy), and `onChunkStored` is told of each chunk once all its bytes are on the file,
 * so the producer may reuse or free it. Flushes what is written every FLUSH_EVERY_BYTES while more
 * comes, and ends with an fsync: the bytes are on disk before the caller publishes the file. Closes
 * the file when it finishes or is destroyed.
 */
export class FileSink extends Writable {
  private position = 0;
  private flushedTo = 0;
  /** The background flush in flight, if any: one at a time, and none left running at close. */
  private flushing: Promise<void> | null = null;
  private flushError: Error | null = null;

  constructor(
    private readonly handle: FileHandle,
    private readonly onChunkStored?: (chunk: Buffer) => void,
    private readonly flushEveryBytes = FLUSH_EVERY_BYTES,
  ) {
    super({ highWaterMark: WRITE_BUFFER_BYTES });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.store([chunk]).then(() => callback(), callback);
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    this.store(chunks.map(({ chunk }) => chunk)).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.settled()
      .then(() => this.handle.sync())
      .then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // A flush still running must end before its descriptor is closed (and maybe reused).
    const flushing = this.flushing ?? Promise.resolve();
    flushing
      .then(() => this.handle.close())
      .then(
        () => callback(error),
        (closeError: Error) => callback(error ?? closeError),
      );
  }

  /** Waits for the background flush; a failed one fails the file. */
  private async settled(): Promise<void> {
    await this.flushing;
    if (this.flushError) throw this.flushError;
  }

  private flushInBackground(): void {
    if (this.flushing || this.position - this.flushedTo < this.flushEveryBytes) return;
    const upTo = this.position;
    this.flushing = this.handle
      .datasync()
      .then(
        () => {
          this.flushedTo = upTo;
        },
        (error: Error) => {
          this.flushError = error;
        },
      )
      .finally(() => {
        this.flushing = null;
      });
  }

  private async store(chunks: Buffer[]): Promise<void> {
    if (this.flushError) throw this.flushError;
    let pending = chunks;
    while (pending.length > 0) {
      const { bytesWritten } = await this.handle.writev(pending, this.position);
      if (bytesWritten === 0) throw new Error('the file took none of the bytes written to it');
      this.position += bytesWritten;
      pending = unwritten(pending, bytesWritten);
    }
    if (this.onChunkStored) for (const chunk of chunks) this.onChunkStored(chunk);
    this.flushInBackground();
  }
}
