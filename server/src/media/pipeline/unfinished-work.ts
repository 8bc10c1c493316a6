import { type Periodic, runPeriodically } from '../../queue/periodic';
import type { MediaTaskName, TaskQueue } from '../../queue/task-queue';
import type { ContentProcessingRepository } from '../../store/repositories/content-processing.repository';
import { RETRY_CHECK_EVERY_MS } from './retry-policy';

export interface MediaLog {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const SWEEP_PAGE = 500;

/** Which tasks a content needs, from its kind; read at send time so callers pass only the hash. */
export async function tasksFor(repo: ContentProcessingRepository, sha256: string): Promise<MediaTaskName[]> {
  const content = await repo.findContent(sha256);
  if (!content) return [];
  const tasks: MediaTaskName[] = [];
  if (content.thumbStatus === 'pending') tasks.push('thumbnails');
  if (
    content.mediaKind === 'movie' &&
    (content.encodeStatus === 'pending' || content.encodeStatus === 'processing')
  ) {
    tasks.push('encode-video');
  }
  return tasks;
}

/** Sends the unfinished work recorded in `contents` again (after a crash or a lost send). */
export async function sweepUnfinished(repo: ContentProcessingRepository, queue: TaskQueue): Promise<number> {
  let after = '';
  let sent = 0;
  for (;;) {
    const page = await repo.listUnfinished(after, SWEEP_PAGE);
    for (const item of page) {
      if (item.thumbs) await queue.send('thumbnails', { sha256: item.sha256 });
      if (item.encode) await queue.send('encode-video', { sha256: item.sha256 });
      sent += 1;
    }
    if (page.length < SWEEP_PAGE) return sent;
    after = page[page.length - 1]!.sha256;
  }
}

/**
 * Sends the rounds of retries that are due (retry-policy.ts). Each is claimed first, so of
 * several processes checking at once only one sends it.
 */
export async function requeueDueRetries(
  repo: ContentProcessingRepository,
  queue: Pick<TaskQueue, 'send'>,
  now: number,
): Promise<number> {
  let sent = 0;
  for (;;) {
    // A claimed round is no longer due, so each page is new rows.
    const due = await repo.listDueRetries(now, SWEEP_PAGE);
    for (const retry of due) {
      if (!(await repo.claimRetry(retry))) continue;
      await queue.send(retry.task, { sha256: retry.sha256 });
      sent += 1;
    }
    if (due.length < SWEEP_PAGE) return sent;
  }
}

/** Checks for due retry rounds every minute, for as long as the process processes media. */
export function scheduleRetryRounds(
  repo: ContentProcessingRepository,
  queue: Pick<TaskQueue, 'send'>,
  log: MediaLog,
  clock: () => number,
): Periodic {
  return runPeriodically({
    firstAfterMs: RETRY_CHECK_EVERY_MS,
    everyMs: RETRY_CHECK_EVERY_MS,
    task: () =>
      requeueDueRetries(repo, queue, clock())
        .then((sent) => {
          if (sent > 0) log.warn({ sent }, 'retrying media work that failed earlier');
        })
        .catch((error) => log.error({ err: error }, 'media retry check failed')),
  });
}
