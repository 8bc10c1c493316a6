import { type PeriodClaim, type Periodic, runPeriodically } from './periodic';

const FIRST_SWEEP_AFTER_MS = 10 * 60 * 1000;
const SWEEP_EVERY_MS = 24 * 60 * 60 * 1000;

interface SweepLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What one sweep reports: how many blobs it looked at, and the ones it deleted. */
export interface SweepOutcome {
  checked: number;
  deleted: readonly string[];
}

/** Runs the orphan-blob sweep a while after start (not during it: a restart should be quick), then daily. */
export function scheduleBlobSweeps({
  sweep,
  log,
  firstAfterMs = FIRST_SWEEP_AFTER_MS,
  everyMs = SWEEP_EVERY_MS,
  claim,
}: {
  sweep: () => Promise<SweepOutcome>;
  log: SweepLog;
  firstAfterMs?: number;
  everyMs?: number;
  claim?: PeriodClaim;
}): Periodic {
  return runPeriodically({
    name: 'orphan-blob-sweep',
    firstAfterMs,
    everyMs,
    claim,
    task: () =>
      sweep()
        .then(({ checked, deleted }) =>
          log.info({ checked, deleted: deleted.length }, 'orphan blob sweep done'),
        )
        .catch((error: unknown) => log.error({ err: error }, 'orphan blob sweep failed')),
  });
}
