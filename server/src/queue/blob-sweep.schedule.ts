import type { BlobSweepService } from '../services/blob-sweep.service';
import { type Periodic, runPeriodically } from './periodic';

const FIRST_SWEEP_AFTER_MS = 10 * 60 * 1000;
const SWEEP_EVERY_MS = 24 * 60 * 60 * 1000;

interface SweepLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Runs the orphan-blob sweep a while after start (not during it: a restart should be quick), then daily. */
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
}): Periodic {
  return runPeriodically({
    firstAfterMs,
    everyMs,
    task: () =>
      sweeper
        .sweep()
        .then(({ checked, deleted }) =>
          log.info({ checked, deleted: deleted.length }, 'orphan blob sweep done'),
        )
        .catch((error: unknown) => log.error({ err: error }, 'orphan blob sweep failed')),
  });
}
