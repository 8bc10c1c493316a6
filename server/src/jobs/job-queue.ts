/**
 * Background work, one interface for both sizes: the embedded server runs jobs in-process
 * (in-process-queue.ts); the scaled-out deployment puts them in pg-boss on its PostgreSQL and
 * `npm run worker` processes run them (pg-boss-queue.ts, worker.ts).
 */

export const MEDIA_JOB_NAMES = ['thumbnails', 'encode-video'] as const;
export type MediaJobName = (typeof MEDIA_JOB_NAMES)[number];

/** Jobs carry only the content hash: everything else is read fresh when the job runs. */
export interface MediaJobData {
  sha256: string;
}

export interface JobHandler<T = MediaJobData> {
  /** Idempotent: a job may run twice (a retry after a crash, a duplicate sweep). */
  run(data: T, ctx: { signal: AbortSignal; attempt: number }): Promise<void>;
  /** Called once when the job will not be tried again, to record the failure where users see it. */
  fail(data: T, error: unknown): Promise<void>;
}

export type JobHandlers = Record<MediaJobName, JobHandler>;

/** Thrown by a handler when retrying cannot help (the input does not decode): fails at once. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

export const isPermanent = (error: unknown) => error instanceof PermanentJobError;

/** Tries per job, the first included. */
export const MAX_ATTEMPTS = 3;

export interface JobQueue {
  send(name: MediaJobName, data: MediaJobData): Promise<void>;
  /** Resolves when nothing is queued, running or waiting to retry. */
  onIdle(): Promise<void>;
  close(): Promise<void>;
}
