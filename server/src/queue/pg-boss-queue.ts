import PgBoss from 'pg-boss';
import { withRequestId } from './request-id';
import {
  isPermanent,
  MAX_ATTEMPTS,
  MEDIA_TASK_NAMES,
  type MediaTaskData,
  type MediaTaskName,
  type TaskHandlers,
  type TaskQueue,
} from './task-queue';

/** How long one attempt may run before pg-boss presumes its worker dead and hands it to another. */
const EXPIRE_SECONDS: Record<MediaTaskName, number> = {
  thumbnails: 15 * 60,
  // A feature-length 4K source takes a while on a small worker.
  'encode-video': 6 * 60 * 60,
};

export interface PgBossQueueOptions {
  connectionString: string;
  /**
   * 'sender': the API process only inserts tasks (no maintenance, no polling).
   * 'worker': `npm run worker` also supervises the queues (expiry, retention).
   */
  role: 'sender' | 'worker';
  onError?: (error: unknown) => void;
}

export interface PgBossQueue extends TaskQueue {
  /** Starts processing in this process; `concurrency` workers per task name. */
  work(
    handlers: TaskHandlers,
    options?: {
      concurrency?: Partial<Record<MediaTaskName, number>>;
      pollingIntervalSeconds?: number;
      onTaskError?: (name: MediaTaskName, data: MediaTaskData, error: unknown, willRetry: boolean) => void;
      onTaskDone?: (name: MediaTaskName, data: MediaTaskData) => void;
    },
  ): Promise<void>;
}

/**
 * The scaled-out size's queue: tasks are pg-boss jobs, rows in its schema on the same PostgreSQL,
 * so any number of worker processes share them and a task outlives the process that sent it.
 * Queues use the 'short' policy with the content hash as singleton key: at most one queued task
 * per content, so a re-sent task (a sweep, a duplicate upload) is absorbed instead of doing the
 * work twice.
 */
export async function createPgBossQueue(options: PgBossQueueOptions): Promise<PgBossQueue> {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    application_name: `nordlys-${options.role}`,
    max: options.role === 'worker' ? 4 : 2,
    supervise: options.role === 'worker',
    schedule: false,
    migrate: true,
  });
  boss.on('error', (error) => options.onError?.(error));
  await boss.start();
  for (const name of MEDIA_TASK_NAMES) {
    await boss.createQueue(name, {
      name,
      policy: 'short',
      retryLimit: MAX_ATTEMPTS - 1,
      retryDelay: 1,
      retryBackoff: true,
      expireInSeconds: EXPIRE_SECONDS[name],
    });
  }

  const abort = new AbortController();
  let stopped = false;

  return {
    async send(name, data) {
      if (stopped) return;
      await boss.send(name, data, { singletonKey: data.sha256 });
    },

    async work(handlers, workOptions = {}) {
      for (const name of MEDIA_TASK_NAMES) {
        const workers = Math.max(1, workOptions.concurrency?.[name] ?? 1);
        for (let i = 0; i < workers; i += 1) {
          await boss.work<MediaTaskData>(
            name,
            {
              batchSize: 1,
              includeMetadata: true,
              pollingIntervalSeconds: workOptions.pollingIntervalSeconds ?? 2,
            },
            async (jobs) => {
              for (const job of jobs) {
                const handler = handlers[name];
                const attempt = job.retryCount + 1;
                try {
                  await withRequestId(job.data.requestId, () =>
                    handler.run(job.data, { signal: abort.signal, attempt }),
                  );
                  workOptions.onTaskDone?.(name, job.data);
                } catch (error) {
                  if (stopped) throw error;
                  const willRetry = !isPermanent(error) && job.retryCount < job.retryLimit;
                  workOptions.onTaskError?.(name, job.data, error, willRetry);
                  // Throwing hands the job back to pg-boss for its retry with backoff.
                  if (willRetry) throw error;
                  await handler.fail(job.data, error);
                }
              }
            },
          );
        }
      }
    },

    async depth() {
      const depth = {} as Record<MediaTaskName, number>;
      for (const name of MEDIA_TASK_NAMES) {
        depth[name] = (await boss.getQueueSize(name, { before: 'completed' })) ?? 0;
      }
      return depth;
    },

    async onIdle() {
      // Counts jobs in every state before 'completed' (created, retry, active), across all processes.
      let quietChecks = 0;
      while (quietChecks < 2) {
        let outstanding = 0;
        for (const name of MEDIA_TASK_NAMES) {
          outstanding += (await boss.getQueueSize(name, { before: 'completed' })) ?? 0;
        }
        quietChecks = outstanding === 0 ? quietChecks + 1 : 0;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },

    async close() {
      if (stopped) return;
      stopped = true;
      abort.abort(new Error('worker stopping'));
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
    },
  };
}
