import type { BlobStore } from '../../blobs/blob-store';
import { createInProcessQueue } from '../../queue/in-process-queue';
import { currentRequestId } from '../../queue/request-id';
import type { MediaTaskName, TaskHandler, TaskHandlers, TaskQueue } from '../../queue/task-queue';
import type { ContentProcessingRepository } from '../../store/repositories/content-processing.repository';
import { DEFAULT_CONCURRENCY, startContentTasks } from './content-tasks';
import { type MediaLog, scheduleRetryRounds, sweepUnfinished, tasksFor } from './unfinished-work';

/** What the ingest calls after a file's content is committed. */
export interface MediaProcessing {
  /** Queues the thumbnails (pictures, movies) and the web encode (movies) of one content. */
  enqueueContent(sha256: string): void;
  /** Resolves when every queued piece of work has finished (tests, benchmarks, shutdown). */
  onIdle(): Promise<void>;
  /** Tasks queued, running or waiting to retry, per task name (the metrics' queue depth). */
  depth(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/**
 * Wraps a queue as the ingest-facing MediaProcessing. `enqueueContent` never throws into the
 * upload that called it: the content is already committed with its 'pending' statuses, so a lost
 * send is repaired by the next sweep rather than failing the user's upload.
 */
export function mediaProcessingOver(
  queue: TaskQueue,
  repo: ContentProcessingRepository,
  log: MediaLog,
  extraClose: () => Promise<void> = async () => {},
): MediaProcessing {
  const intake = new Set<Promise<void>>();
  return {
    enqueueContent(sha256) {
      const requestId = currentRequestId();
      const task = (async () => {
        for (const name of await tasksFor(repo, sha256)) await queue.send(name, { sha256, requestId });
      })()
        .catch((error) => log.error({ err: error, sha256 }, 'could not queue media processing'))
        .finally(() => intake.delete(task));
      intake.add(task);
    },
    depth: () => queue.depth(),
    async onIdle() {
      while (intake.size > 0) await Promise.allSettled([...intake]);
      await queue.onIdle();
    },
    async close() {
      await Promise.allSettled([...intake]);
      await queue.close();
      await extraClose();
    },
  };
}

export interface CreateMediaProcessingDeps {
  repo: ContentProcessingRepository;
  blobs: BlobStore;
  dataDir: string;
  /** The PostgreSQL URL when the deployment is scaled out (pg-boss); absent for the embedded size. */
  postgresUrl?: string;
  log: MediaLog;
  concurrency?: Partial<Record<MediaTaskName, number>>;
  backoffMs?: (attempt: number) => number;
  clock?: () => number;
  /** Each failed attempt of a task run here (the metrics' task failures). */
  onTaskFailed?: (name: MediaTaskName, willRetry: boolean) => void;
  /** A pause before each task runs here (config `mediaTaskDelayMs`): a busy pipeline for test rigs. */
  taskDelayMs?: number;
}

/** The same handlers, each starting `delayMs` late (the statuses stay 'pending' meanwhile). */
export function delayedHandlers(handlers: TaskHandlers, delayMs: number): TaskHandlers {
  if (delayMs <= 0) return handlers;
  const later = (handler: TaskHandler): TaskHandler => ({
    async run(data, ctx) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return handler.run(data, ctx);
    },
    fail: (data, error) => handler.fail(data, error),
  });
  return { thumbnails: later(handlers.thumbnails), 'encode-video': later(handlers['encode-video']) };
}

/**
 * The embedded size processes in this process with one lane per task name; the scaled-out size
 * (PostgreSQL) only sends tasks to pg-boss and leaves the work to `npm run worker` processes.
 */
export async function createMediaProcessing(deps: CreateMediaProcessingDeps): Promise<MediaProcessing> {
  const { repo } = deps;
  if (deps.postgresUrl) {
    // Loaded only here: the embedded default runs its queue in process.
    const { createPgBossQueue } = await import('../../queue/pg-boss-queue');
    const queue = await createPgBossQueue({
      connectionString: deps.postgresUrl,
      role: 'sender',
      onError: (error) => deps.log.error({ err: error }, 'media queue error'),
    });
    return mediaProcessingOver(queue, repo, deps.log);
  }

  const clock = deps.clock ?? Date.now;
  const tasks = await startContentTasks({ repo, blobs: deps.blobs, dataDir: deps.dataDir, clock });
  const queue = createInProcessQueue({
    handlers: delayedHandlers(tasks.handlers, deps.taskDelayMs ?? 0),
    concurrency: deps.concurrency ?? DEFAULT_CONCURRENCY,
    backoffMs: deps.backoffMs,
    onError: (name, data, error, willRetry) => {
      deps.onTaskFailed?.(name, willRetry);
      deps.log.warn({ err: error, task: name, sha256: data.sha256, willRetry }, 'media task failed');
    },
    onDone: (name, data, ms) =>
      deps.log.debug({ task: name, sha256: data.sha256, ms: Math.round(ms) }, 'media task done'),
  });
  const processing = mediaProcessingOver(queue, repo, deps.log, tasks.close);
  // In the background: a large backlog must not delay the server's start.
  const sweep = sweepUnfinished(repo, queue).catch((error) =>
    deps.log.error({ err: error }, 'media startup sweep failed'),
  );
  const retries = scheduleRetryRounds(repo, queue, deps.log, clock);
  return {
    ...processing,
    async onIdle() {
      await sweep;
      await processing.onIdle();
    },
    async close() {
      // The sweep and the retry check read the database, which the caller closes next.
      await retries.stop();
      await sweep;
      await processing.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's media queue, so tests and benchmarks can wait for thumbnails and encodes. */
    mediaProcessing: MediaProcessing;
  }
}
