import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';

export interface ReclaimedBody {
  /**
   * `parts`, read from the request's body; the body's chunks are noted from the first part on.
   * Not before: a 'data' listener on a body no one reads yet would start its flow into nothing.
   */
  follow<T>(parts: AsyncIterable<T>): AsyncIterable<T>;
  /**
   * Frees the memory of a body chunk whose bytes are stored and hashed. Only a view over the whole
   * of a chunk as this request's socket delivered it is freed; anything else (a part of a chunk, a
   * parser's own buffer, bytes from elsewhere) is left alone.
   */
  release(chunk: Buffer): void;
  /** Stops noting the request's chunks. */
  stop(): void;
}

/** ES2024's ArrayBuffer.prototype.transfer, which the compiler's library does not declare yet. */
type Transferable = ArrayBuffer & { transfer(length: number): ArrayBuffer };

const wholeBuffer = (chunk: Buffer) => chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength;

/**
 * Frees a large upload's body as it is stored instead of leaving it to the garbage collector.
 * Node's HTTP parser copies every body chunk (up to 64 KiB) into memory of its own outside V8's heap,
 * and such memory is given back only by a full garbage collection: at hundreds of MiB/s V8 ran one
 * every 64 MiB, which took a third of the server's CPU. A chunk released here is detached, which
 * frees its memory at once. That is safe only for a chunk nothing else can still read: one the
 * socket's parser made for this request alone (noted here as it arrives), consumed as a whole by
 * one reader that has written it out. A view that covers only part of it is never freed: the same
 * chunk may also hold the multipart framing, or more of the file in a second view.
 *
 * Only bodies read from a real socket are noted: an injected request's chunks belong to its caller.
 */
export function reclaimedBody(raw: IncomingMessage): ReclaimedBody | undefined {
  if (!(raw.socket instanceof Socket)) return undefined;
  const arrived = new WeakSet<ArrayBufferLike>();
  const note = (chunk: unknown) => {
    if (Buffer.isBuffer(chunk) && wholeBuffer(chunk)) arrived.add(chunk.buffer);
  };
  let noting = false;
  return {
    async *follow(parts) {
      for await (const part of parts) {
        if (!noting) {
          noting = true;
          // Prepended: a chunk is noted before the multipart parser, or any reader after it, sees it.
          raw.prependListener('data', note);
        }
        yield part;
      }
    },
    release(chunk) {
      if (!wholeBuffer(chunk) || !arrived.delete(chunk.buffer)) return;
      // Detached, the chunk's memory is freed now, not at the next full garbage collection.
      (chunk.buffer as Transferable).transfer(0);
    },
    stop() {
      raw.off('data', note);
    },
  };
}
