import { Worker } from 'node:worker_threads';

/** The SHA-256 of one byte stream, computed on the thread as the bytes are handed over. */
export interface StreamingSha256 {
  /**
   * Copies `chunk` for the thread; the caller may reuse it at once. Returns a promise when the
   * thread has fallen behind by more than SHA256_IN_FLIGHT_BYTES: wait for it before the next
   * chunk, so a slow thread slows the upload instead of queueing its bytes in memory.
   */
  update(chunk: Buffer): Promise<void> | undefined;
  /** Hex digest of every byte updated; the checksum cannot be used after. */
  digest(): Promise<string>;
  /** Drops the running hash (the upload failed). */
  discard(): void;
}

export interface Sha256Thread {
  begin(): StreamingSha256;
  close(): Promise<void>;
}

/** Bytes handed over per message: few messages per megabyte, and each batch is reused. */
export const SHA256_BATCH_BYTES = 1024 * 1024;
/** Bytes handed over and not yet hashed, across all uploads, before updates wait. */
export const SHA256_IN_FLIGHT_BYTES = 8 * SHA256_BATCH_BYTES;
/** Batches kept for reuse once the thread returns them. */
const SPARE_BATCHES = 8;

type Reply = { type: 'hashed'; bytes: Uint8Array } | { type: 'digest'; id: number; hex: string };

const ENTRY = new URL('./sha256-worker.mjs', import.meta.url);

/**
 * Checksums uploads on a thread of their own. Hashing is the largest part of the main thread's
 * work while a large file streams in (about 40 % of it at 300 MiB/s); on the thread it runs beside
 * the parsing and writing instead of between them, and the main thread stays free for requests.
 * A thread that dies fails the checksums it was computing (their uploads fail and leave nothing);
 * the next checksum starts a new thread.
 */
export function createSha256Thread(idleExitMs = 30_000): Sha256Thread {
  let worker: Worker | null = null;
  /** Checksums begun and not yet digested or discarded. */
  let open = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let inFlight = 0;
  let closed = false;
  const spare: Buffer[] = [];
  const digests = new Map<number, { resolve(hex: string): void; reject(error: Error): void }>();
  let waiters: (() => void)[] = [];

  function wakeWaiters() {
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  }

  function fail(dead: Worker, error: Error) {
    if (worker !== dead) return;
    worker = null;
    inFlight = 0;
    open = 0;
    for (const pending of digests.values()) pending.reject(error);
    digests.clear();
    wakeWaiters();
  }

  /** With no checksum open for `idleExitMs`, the thread and its spare batches are let go. */
  function settle() {
    if (open > 0 || digests.size > 0 || !worker) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      const last = worker;
      if (!last || open > 0 || digests.size > 0) return;
      worker = null;
      spare.length = 0;
      void last.terminate();
    }, idleExitMs);
    idleTimer.unref();
  }

  function thread(): Worker {
    clearTimeout(idleTimer);
    if (worker) return worker;
    const started = new Worker(ENTRY);
    // Never what keeps the process alive: an upload waiting for its digest holds a request open.
    started.unref();
    started.on('message', (reply: Reply) => {
      if (reply.type === 'hashed') {
        inFlight -= reply.bytes.byteLength;
        if (spare.length < SPARE_BATCHES && reply.bytes.buffer.byteLength === SHA256_BATCH_BYTES) {
          spare.push(Buffer.from(reply.bytes.buffer, 0, SHA256_BATCH_BYTES));
        }
        if (inFlight < SHA256_IN_FLIGHT_BYTES) wakeWaiters();
        return;
      }
      const pending = digests.get(reply.id);
      digests.delete(reply.id);
      pending?.resolve(reply.hex);
      settle();
    });
    started.on('error', (error) => fail(started, error));
    started.on('exit', (code) => fail(started, new Error(`checksum thread exited (${code})`)));
    worker = started;
    return started;
  }

  return {
    begin() {
      if (closed) throw new Error('the checksum thread is closed');
      const id = nextId++;
      const owner = thread();
      open += 1;
      let batch: Buffer | null = null;
      let filled = 0;
      let finished = false;

      const send = () => {
        if (!batch || filled === 0) return;
        const bytes = batch.subarray(0, filled);
        inFlight += filled;
        batch = null;
        filled = 0;
        // Transferred, not copied: the batch's memory moves to the thread and comes back hashed.
        owner.postMessage({ type: 'update', id, bytes }, [bytes.buffer as ArrayBuffer]);
      };
      const assertUsable = () => {
        if (finished) throw new Error('this checksum is finished');
        if (worker !== owner) throw new Error('the checksum thread stopped');
      };

      return {
        update(chunk) {
          assertUsable();
          let at = 0;
          while (at < chunk.length) {
            batch ??= spare.pop() ?? Buffer.allocUnsafeSlow(SHA256_BATCH_BYTES);
            const copied = chunk.copy(batch, filled, at);
            filled += copied;
            at += copied;
            if (filled === SHA256_BATCH_BYTES) send();
          }
          if (inFlight < SHA256_IN_FLIGHT_BYTES) return undefined;
          return new Promise<void>((resolve) => waiters.push(resolve));
        },
        digest() {
          try {
            assertUsable();
          } catch (error) {
            return Promise.reject(error);
          }
          finished = true;
          open = Math.max(0, open - 1);
          send();
          return new Promise<string>((resolve, reject) => {
            digests.set(id, { resolve, reject });
            owner.postMessage({ type: 'digest', id });
          });
        },
        discard() {
          if (finished) return;
          finished = true;
          open = Math.max(0, open - 1);
          if (batch) spare.push(batch);
          batch = null;
          if (worker === owner) owner.postMessage({ type: 'discard', id });
          settle();
        },
      };
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      const last = worker;
      if (last) {
        fail(last, new Error('the checksum thread is closed'));
        await last.terminate();
      }
    },
  };
}
