import type { BlobSweepService } from '../services/blob-sweep.service';

const FIRST_SWEEP_AFTER_MS = 10 * 60 * 1000;
const SWEEP_EVERY_MS = 24 * 60 * 60 * 1000;

interface SweepLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Runs the orphan-blob sweep a while after start (not during it: a restart should be quick) and
 * then daily. Timers do not keep the process alive; `stop` waits for a sweep under way.
 */
export function scheduleBlobSweeps({
  sweeper,
  log,
  firstAfterMs = FIRST_SWEEP_AFTER_MS,
  everyMs = SWEEP_EVERY_MS,
}: {
  sweeper: Pick<BlobSweepService, 'sweep'>;
  log: SweepLog;
  firstAfterMs?: number;
  everyMs?: number;
}): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout;
  const run = () => {
    running = sweeper
      .sweep()
      .then(({ checked, deleted }) =>
        log.info({ checked, deleted: deleted.length }, 'orphan blob sweep done'),
      )
      .catch((error: unknown) => log.error({ err: error }, 'orphan blob sweep failed'))
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(run, everyMs).unref();
      });
  };
  timer = setTimeout(run, firstAfterMs).unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
