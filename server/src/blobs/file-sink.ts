import type { FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';

/** Chunks queued before a write starts: the network's 64 KiB chunks reach the disk as one writev. */
const WRITE_BUFFER_BYTES = 1024 * 1024;

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
 * so the producer may reuse or free it. Ends with an fsync: the bytes are on disk before the caller
 * publishes the file. Closes the file when it finishes or is destroyed.
 */
export class FileSink extends Writable {
  private position = 0;

  constructor(
    private readonly handle: FileHandle,
    private readonly onChunkStored?: (chunk: Buffer) => void,
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
    this.handle.sync().then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.handle.close().then(
      () => callback(error),
      (closeError: Error) => callback(error ?? closeError),
    );
  }

  private async store(chunks: Buffer[]): Promise<void> {
    let pending = chunks;
    while (pending.length > 0) {
      const { bytesWritten } = await this.handle.writev(pending, this.position);
      if (bytesWritten === 0) throw new Error('the file took none of the bytes written to it');
      this.position += bytesWritten;
      pending = unwritten(pending, bytesWritten);
    }
    if (this.onChunkStored) for (const chunk of chunks) this.onChunkStored(chunk);
  }
}
