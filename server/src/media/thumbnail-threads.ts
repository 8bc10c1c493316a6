import { Worker } from 'node:worker_threads';
import type { ThumbnailReply, ThumbnailRequest } from './thumbnail-worker';
import { type PictureSource, type ThumbnailSet, UndecodableImageError } from './thumbnails';

export interface ThumbnailThreads {
  /**
   * makeThumbnails on a worker thread. A picture's bytes are handed over to it and must not be
   * used after; a file is read by the thread.
   */
  make(picture: PictureSource): Promise<ThumbnailSet>;
  close(): Promise<void>;
}

interface Pending {
  resolve(set: ThumbnailSet): void;
  reject(error: Error): void;
}

const ENTRY = new URL('./thumbnail-worker.mjs', import.meta.url);

/**
 * Thumbnails are made on worker threads: decoding a camera photo moves megabytes of pixels
 * through buffers, and on the server's main thread their garbage collection and every await of
 * the pipeline would wait behind request handling (and slow it in turn). A thread that dies
 * fails the picture it was making (the queue retries it) and is replaced on the next request.
 * A thread left idle for `idleExitMs` exits, and its isolate and libvips buffers (tens of MB)
 * go back to the system; the next picture starts one again in a fraction of a second.
 */
export function createThumbnailThreads(size: number, idleExitMs = 30_000): ThumbnailThreads {
  const idle: Worker[] = [];
  const idleSince = new Map<Worker, NodeJS.Timeout>();
  const busy = new Map<Worker, Pending>();
  const waiting: { picture: PictureSource; pending: Pending }[] = [];
  let workers = 0;
  let closed = false;

  function retire(worker: Worker, error: Error) {
    const pending = busy.get(worker);
    busy.delete(worker);
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
    workers -= 1;
    pending?.reject(error);
    pump();
  }

  function spawn(): Worker {
    const worker = new Worker(ENTRY);
    workers += 1;
    worker.unref();
    worker.on('message', (reply: ThumbnailReply) => {
      const pending = busy.get(worker);
      busy.delete(worker);
      park(worker);
      if (pending) {
        if ('set' in reply) pending.resolve(reviveSet(reply.set));
        else
          pending.reject(
            reply.error.undecodable
              ? new UndecodableImageError(reply.error.message)
              : new Error(reply.error.message),
          );
      }
      pump();
    });
    worker.on('error', (error) => retire(worker, error));
    worker.on('exit', (code) => {
      if (busy.has(worker) || idle.includes(worker))
        retire(worker, new Error(`thumbnail thread exited (${code})`));
    });
    return worker;
  }

  function park(worker: Worker) {
    idle.push(worker);
    worker.unref();
    const timer = setTimeout(() => {
      const at = idle.indexOf(worker);
      if (at < 0) return;
      idle.splice(at, 1);
      idleSince.delete(worker);
      workers -= 1;
      void worker.terminate();
    }, idleExitMs);
    timer.unref();
    idleSince.set(worker, timer);
  }

  function unpark(): Worker | undefined {
    const worker = idle.pop();
    if (worker) {
      clearTimeout(idleSince.get(worker));
      idleSince.delete(worker);
    }
    return worker;
  }

  function pump() {
    while (waiting.length > 0 && !closed) {
      const worker = unpark() ?? (workers < size ? spawn() : undefined);
      if (!worker) return;
      const { picture, pending } = waiting.shift() as { picture: PictureSource; pending: Pending };
      busy.set(worker, pending);
      // Held while it works, so a process with nothing else to do waits for the picture.
      worker.ref();
      if (!Buffer.isBuffer(picture)) {
        const request: ThumbnailRequest = { file: picture.file };
        worker.postMessage(request);
        continue;
      }
      // Handed over without a copy when the Buffer owns its whole memory (a read blob does). Else
      // a copy in memory of its own: a small Buffer is a slice of Node's shared pool, which can
      // never be transferred (Node 22 and later refuse it outright).
      const whole = picture.byteOffset === 0 && picture.byteLength === picture.buffer.byteLength;
      const view = whole ? picture : new Uint8Array(picture);
      const request: ThumbnailRequest = { bytes: view };
      worker.postMessage(request, [view.buffer as ArrayBuffer]);
    }
  }

  return {
    make(picture) {
      if (closed) return Promise.reject(new Error('thumbnail threads are closed'));
      return new Promise<ThumbnailSet>((resolve, reject) => {
        waiting.push({ picture, pending: { resolve, reject } });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const { pending } of waiting.splice(0)) pending.reject(new Error('thumbnail threads are closed'));
      const all = [...idle, ...busy.keys()];
      idle.length = 0;
      for (const timer of idleSince.values()) clearTimeout(timer);
      idleSince.clear();
      for (const pending of busy.values()) pending.reject(new Error('thumbnail threads are closed'));
      busy.clear();
      await Promise.all(all.map((worker) => worker.terminate()));
    },
  };
}

/** Buffers arrive as plain Uint8Arrays after the structured clone. */
function reviveSet(set: ThumbnailSet): ThumbnailSet {
  const buffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return {
    ...set,
    small: { ...set.small, data: buffer(set.small.data) },
    tile: { ...set.tile, data: buffer(set.tile.data) },
    large: { ...set.large, data: buffer(set.large.data) },
  };
}
