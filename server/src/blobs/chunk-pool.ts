/**
 * A few read buffers used over and over for one long stream of file bytes (an archive download).
 * A fresh 1 MiB buffer per chunk is memory outside V8's heap that only a full garbage collection
 * gives back: at hundreds of MiB/s V8 ran one every ~100 ms, which took a quarter of the server's
 * CPU and let RSS grow by tens of MB. A pooled buffer is read into, lent out as one view, and
 * taken back when whoever wrote that view out says it is done with it (`give`). A reader that
 * finds no free buffer waits, which is backpressure of its own.
 *
 * A view is recognised by identity: only the very object `lend` handed out gives its buffer back,
 * so a chunk split or copied on the way (which nothing on the archive's path does) keeps its
 * buffer out of reuse rather than having it overwritten while still queued for the socket.
 */
export class ChunkPool {
  private readonly free: Buffer[] = [];
  private readonly lent = new Map<Buffer, Buffer>();
  private readonly waiting: ((buffer: Buffer) => void)[] = [];
  private made = 0;

  constructor(
    readonly chunkBytes: number,
    readonly capacity: number,
  ) {}

  /** A free buffer at once, made on first need up to `capacity`, or null when all are out. */
  tryTake(): Buffer | null {
    const buffer = this.free.pop();
    if (buffer) return buffer;
    if (this.made >= this.capacity) return null;
    this.made += 1;
    // Slow: a buffer of its own, never a slice of Node's shared pool that other code writes to.
    return Buffer.allocUnsafeSlow(this.chunkBytes);
  }

  /** A free buffer, waiting for one to come back when all are out. */
  take(): Promise<Buffer> {
    const buffer = this.tryTake();
    if (buffer) return Promise.resolve(buffer);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** The first `length` bytes of a taken buffer as the view to send on; `give(view)` returns it. */
  lend(buffer: Buffer, length: number): Buffer {
    const view = buffer.subarray(0, length);
    this.lent.set(view, buffer);
    return view;
  }

  /** True for a view lent and not yet given back. */
  owns(chunk: unknown): chunk is Buffer {
    return this.lent.has(chunk as Buffer);
  }

  /** Takes back a lent view's buffer once nothing reads the view any more; anything else is ignored. */
  give(view: Buffer): void {
    const buffer = this.lent.get(view);
    if (!buffer) return;
    this.lent.delete(view);
    this.putBack(buffer);
  }

  /** Returns a taken buffer that was never lent (a read given up). */
  putBack(buffer: Buffer): void {
    const next = this.waiting.shift();
    if (next) next(buffer);
    else this.free.push(buffer);
  }
}
