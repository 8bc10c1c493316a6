/**
 * Background work, one interface for both sizes: the embedded server runs tasks in-process
 * (in-process-queue.ts); the scaled-out deployment puts them in pg-boss on its PostgreSQL and
 * `npm run worker` processes run them (pg-boss-queue.ts, worker.ts). A task is one piece of
 * background work on one content; "job" is the container of files (timeline, album, share).
 */

export const MEDIA_TASK_NAMES = ['thumbnails', 'encode-video'] as const;
export type MediaTaskName = (typeof MEDIA_TASK_NAMES)[number];

/** Tasks carry only the content hash: everything else is read fresh when the task runs. */
export interface MediaTaskData {
  sha256: string;
  /** The request that led to the task (an upload), so the worker's log lines can be found by it. */
  requestId?: string;
}

export interface TaskHandler<T = MediaTaskData> {
  /** Idempotent: a task may run twice (a retry after a crash, a duplicate sweep). */
  run(data: T, ctx: { signal: AbortSignal; attempt: number }): Promise<void>;
  /** Called once when the task will not be tried again, to record the failure where users see it. */
  fail(data: T, error: unknown): Promise<void>;
}

export type TaskHandlers = Record<MediaTaskName, TaskHandler>;

/** Thrown by a handler when retrying cannot help (the input does not decode): fails at once. */
export class PermanentTaskError extends Error {
  override readonly name = 'PermanentTaskError';
}

export const isPermanent = (error: unknown) => error instanceof PermanentTaskError;

/** Tries per task, the first included. */
export const MAX_ATTEMPTS = 3;

export interface TaskQueue {
  send(name: MediaTaskName, data: MediaTaskData): Promise<void>;
  /** Tasks queued, running or waiting to retry, per task name (over all processes on pg-boss). */
  depth(): Promise<Record<MediaTaskName, number>>;
  /** Resolves when nothing is queued, running or waiting to retry. */
  onIdle(): Promise<void>;
  close(): Promise<void>;
}
