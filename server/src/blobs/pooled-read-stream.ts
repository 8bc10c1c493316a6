import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ChunkPool } from './chunk-pool';

/** Reads in flight at once: the next chunk comes off the disk while the one before is sent. */
const READ_AHEAD = 2;

/** Fills `length` bytes from `position`, whatever the size of each read: a chunk never has a hole. */
async function readFully(handle: FileHandle, buffer: Buffer, length: number, position: number) {
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) throw new Error(`file ended ${length - filled} bytes early`);
    filled += bytesRead;
  }
}

/**
 * A file's bytes `start` to `end` (exclusive) read into a ChunkPool's buffers, each chunk a view
 * the consumer gives back to the pool once written out. Reads are positional, so two can be in
 * flight and still be pushed in order. Closes the file when it ends or is destroyed.
 */
export class PooledReadStream extends Readable {
  private demand: (() => void) | null = null;
  /** Set by every _read, so a call that comes before the wait is not missed. */
  private wanted = false;
  private started = false;

  constructor(
    private readonly handle: FileHandle,
    private readonly start: number,
    private readonly end: number,
    private readonly pool: ChunkPool,
  ) {
    // At most one chunk waits inside the stream: a paused read() then hands out that very view,
    // never a copy of several joined (whose buffers would not come back). Reading ahead is the
    // pump's, with reads in flight.
    super({ highWaterMark: 1 });
  }

  override _read(): void {
    this.wanted = true;
    this.wake();
    if (this.started) return;
    this.started = true;
    this.pump().then(
      () => {
        if (!this.destroyed) this.push(null);
      },
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.wake();
    // close() waits for reads still running, so no read lands in a buffer after it is reused.
    this.handle.close().then(
      () => callback(error),
      (closeError: Error) => callback(error ?? closeError),
    );
  }

  private wake(): void {
    const wake = this.demand;
    this.demand = null;
    wake?.();
  }

  private async pump(): Promise<void> {
    const reads: Promise<Buffer>[] = [];
    let next = this.start;
    try {
      while (!this.destroyed) {
        while (next < this.end && reads.length < READ_AHEAD) {
          // Waits for a buffer only when nothing is being read; a read ahead takes a free one or none.
          const buffer = reads.length === 0 ? await this.pool.take() : this.pool.tryTake();
          if (!buffer) break;
          if (this.destroyed) {
            this.pool.putBack(buffer);
            return;
          }
          const length = Math.min(buffer.length, this.end - next);
          const read = readFully(this.handle, buffer, length, next).then(
            () => this.pool.lend(buffer, length),
            (error: unknown) => {
              this.pool.putBack(buffer);
              throw error;
            },
          );
          // Awaited in order below; a later read failing before an earlier one is not unhandled.
          read.catch(() => {});
          reads.push(read);
          next += length;
        }
        const read = reads.shift();
        if (!read) return;
        const view = await read;
        if (this.destroyed) {
          this.pool.give(view);
          return;
        }
        this.wanted = false;
        if (!this.push(view) && !this.wanted) await new Promise<void>((resolve) => (this.demand = resolve));
      }
    } finally {
      // Read but never pushed: their buffers go back once the reads settle.
      for (const read of reads)
        read.then(
          (view) => this.pool.give(view),
          () => {},
        );
    }
  }
}
