import {
  isPermanent,
  MAX_ATTEMPTS,
  MEDIA_TASK_NAMES,
  type MediaTaskData,
  type MediaTaskName,
  type TaskHandlers,
  type TaskQueue,
} from './task-queue';

export interface InProcessQueueOptions {
  handlers: TaskHandlers;
  /**
   * Workers per task name. Each name is its own lane, so an hour-long video encode never holds up
   * the thumbnails of the photos uploaded after it.
   */
  concurrency?: Partial<Record<MediaTaskName, number>>;
  /** Delay before attempt n+1 (n = attempts so far). */
  backoffMs?: (attempt: number) => number;
  onError?: (name: MediaTaskName, data: MediaTaskData, error: unknown, willRetry: boolean) => void;
  onDone?: (name: MediaTaskName, data: MediaTaskData, ms: number) => void;
}

interface Entry {
  data: MediaTaskData;
  attempt: number;
}

interface Lane {
  waiting: Entry[];
  /** Hashes waiting (not running): a second send for the same content is a no-op. */
  waitingKeys: Set<string>;
  running: number;
  limit: number;
}

export const defaultBackoffMs = (attempt: number) => 1000 * 4 ** (attempt - 1);

/**
 * The embedded size's queue: tasks live in memory and run in this process with bounded
 * concurrency. Nothing is lost on a crash because the work to do is also recorded in the
 * database (contents still 'pending'), and the startup sweep sends it again.
 */
export function createInProcessQueue(options: InProcessQueueOptions): TaskQueue {
  const backoff = options.backoffMs ?? defaultBackoffMs;
  const lanes = new Map<MediaTaskName, Lane>(
    MEDIA_TASK_NAMES.map((name) => [
      name,
      {
        waiting: [],
        waitingKeys: new Set(),
        running: 0,
        limit: Math.max(1, options.concurrency?.[name] ?? 1),
      },
    ]),
  );
  const retryTimers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let idleWaiters: (() => void)[] = [];
  let closed = false;
  const abort = new AbortController();

  const isIdle = () =>
    retryTimers.size === 0 &&
    [...lanes.values()].every((lane) => lane.running === 0 && lane.waiting.length === 0);

  const settleIdle = () => {
    if (!isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const enqueue = (name: MediaTaskName, entry: Entry) => {
    const lane = lanes.get(name)!;
    if (lane.waitingKeys.has(entry.data.sha256)) return;
    lane.waitingKeys.add(entry.data.sha256);
    lane.waiting.push(entry);
    pump(name);
  };

  const pump = (name: MediaTaskName) => {
    const lane = lanes.get(name)!;
    while (!closed && lane.running < lane.limit && lane.waiting.length > 0) {
      const entry = lane.waiting.shift()!;
      lane.waitingKeys.delete(entry.data.sha256);
      lane.running += 1;
      const task = execute(name, entry).finally(() => {
        lane.running -= 1;
        running.delete(task);
        pump(name);
        settleIdle();
      });
      running.add(task);
    }
  };

  const execute = async (name: MediaTaskName, entry: Entry) => {
    const handler = options.handlers[name];
    const attempt = entry.attempt + 1;
    const started = performance.now();
    try {
      await handler.run(entry.data, { signal: abort.signal, attempt });
      options.onDone?.(name, entry.data, performance.now() - started);
    } catch (error) {
      // Shutting down interrupts work; the sweep on the next start picks it up again.
      if (closed) return;
      const willRetry = !isPermanent(error) && attempt < MAX_ATTEMPTS;
      options.onError?.(name, entry.data, error, willRetry);
      if (willRetry) {
        const timer = setTimeout(() => {
          retryTimers.delete(timer);
          enqueue(name, { data: entry.data, attempt });
          settleIdle();
        }, backoff(attempt));
        retryTimers.add(timer);
        return;
      }
      try {
        await handler.fail(entry.data, error);
      } catch (failError) {
        options.onError?.(name, entry.data, failError, false);
      }
    }
  };

  return {
    async send(name, data) {
      if (closed) return;
      enqueue(name, { data, attempt: 0 });
    },
    async depth() {
      const depth = {} as Record<MediaTaskName, number>;
      for (const [name, lane] of lanes) depth[name] = lane.waiting.length + lane.running;
      return depth;
    },
    onIdle() {
      if (isIdle()) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      closed = true;
      abort.abort(new Error('queue closed'));
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      for (const lane of lanes.values()) {
        lane.waiting = [];
        lane.waitingKeys.clear();
      }
      await Promise.allSettled([...running]);
      settleIdle();
    },
  };
}
