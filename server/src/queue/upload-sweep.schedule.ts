import { type PeriodClaim, type Periodic, runPeriodically } from './periodic';

/** A minute after start (old leftovers go soon), then hourly. */
export const FIRST_UPLOAD_SWEEP_AFTER_MS = 60 * 1000;
export const UPLOAD_SWEEP_EVERY_MS = 60 * 60 * 1000;

interface UploadSweepLog {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * What uploads leave behind, swept by one API process per period: resumable uploads past their expiry,
 * and what puts cut off by a crash left in the blob store (staging files, unfinished multipart
 * uploads). One failing does not keep the other from running.
 */
export function scheduleUploadSweeps({
  sweepExpiredResumable,
  sweepUnfinishedBlobs,
  log,
  firstAfterMs = FIRST_UPLOAD_SWEEP_AFTER_MS,
  everyMs = UPLOAD_SWEEP_EVERY_MS,
  claim,
}: {
  sweepExpiredResumable: () => Promise<void>;
  sweepUnfinishedBlobs: () => Promise<number>;
  log: UploadSweepLog;
  firstAfterMs?: number;
  everyMs?: number;
  claim?: PeriodClaim;
}): Periodic {
  return runPeriodically({
    name: 'upload-sweep',
    firstAfterMs,
    everyMs,
    claim,
    task: async () => {
      await sweepExpiredResumable().catch((err: unknown) =>
        log.warn({ err }, 'expired resumable uploads not swept'),
      );
      await sweepUnfinishedBlobs()
        .then((removed) => {
          if (removed > 0) log.debug({ removed }, 'unfinished uploads removed from the blob store');
        })
        .catch((err: unknown) => log.warn({ err }, 'unfinished uploads not swept'));
    },
  });
}
