import type { BlobStore } from '../../blobs/blob-store';
import { createPgBossQueue } from '../../queue/pg-boss-queue';
import type { MediaTaskName } from '../../queue/task-queue';
import type { Store } from '../../store/database';
import { createContentProcessingRepository } from '../../store/repositories/content-processing.repository';
import { DEFAULT_CONCURRENCY, startContentTasks } from './content-tasks';
import { type MediaLog, scheduleRetryRounds, sweepUnfinished } from './unfinished-work';

export interface MediaWorkerDeps {
  store: Store;
  blobs: BlobStore;
  dataDir: string;
  postgresUrl: string;
  log: MediaLog & { info(obj: object, msg: string): void };
  concurrency?: Partial<Record<MediaTaskName, number>>;
  pollingIntervalSeconds?: number;
  clock?: () => number;
  /** Each failed attempt (the worker's metrics). */
  onTaskFailed?: (name: MediaTaskName, willRetry: boolean) => void;
}

export interface MediaWorker {
  onIdle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A pg-boss worker for the scaled-out size: takes thumbnail and encode tasks any API process sent.
 * On start it re-sends work recorded as unfinished in `contents` (a send lost to a database
 * hiccup after the upload committed); the queues' singleton policy absorbs what is already queued.
 */
export async function startMediaWorker(deps: MediaWorkerDeps): Promise<MediaWorker> {
  const clock = deps.clock ?? Date.now;
  const repo = createContentProcessingRepository(deps.store.db);
  const tasks = await startContentTasks({ repo, blobs: deps.blobs, dataDir: deps.dataDir, clock });
  const queue = await createPgBossQueue({
    connectionString: deps.postgresUrl,
    role: 'worker',
    onError: (error) => deps.log.error({ err: error }, 'media queue error'),
  });
  const resent = await sweepUnfinished(repo, queue);
  if (resent > 0) deps.log.info({ resent }, 'queued unfinished media work');
  await queue.work(tasks.handlers, {
    concurrency: deps.concurrency ?? DEFAULT_CONCURRENCY,
    pollingIntervalSeconds: deps.pollingIntervalSeconds,
    onTaskError: (name, data, error, willRetry) => {
      deps.onTaskFailed?.(name, willRetry);
      deps.log.warn(
        { err: error, task: name, sha256: data.sha256, reqId: data.requestId, willRetry },
        'media task failed',
      );
    },
    onTaskDone: (name, data) =>
      deps.log.info({ task: name, sha256: data.sha256, reqId: data.requestId }, 'media task done'),
  });
  const retries = scheduleRetryRounds(repo, queue, deps.log, clock);
  return {
    onIdle: () => queue.onIdle(),
    async close() {
      await retries.stop();
      await queue.close();
      await tasks.close();
    },
  };
}
