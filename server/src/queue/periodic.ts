import os from 'node:os';

export interface Periodic {
  /** No further runs; waits for one under way. */
  stop(): Promise<void>;
}

/**
 * Asks whether this process runs a period's work now. 0: run it (the period is claimed for this
 * process); otherwise the milliseconds until the next period opens, when to ask again.
 */
export type PeriodClaim = (name: string, everyMs: number) => Promise<number>;

/** One process alone (the embedded size, tests): every period is its own. */
export const ownEveryPeriod: PeriodClaim = async () => 0;

/** This process as a holder of periodic runs: its host and process id. */
export const processName = () => `${os.hostname()}:${process.pid}`;

/** Once the claim cannot be asked (the database away), asked again this soon at most. */
const CLAIM_RETRY_MS = 60_000;

/** Claims of periods over a shared record, on behalf of `holder` (this process). */
export function periodClaimsOver(
  runs: { claim(name: string, holder: string, now: number, everyMs: number): Promise<number | null> },
  holder: string,
  clock: () => number,
): PeriodClaim {
  return async (name, everyMs) => {
    const now = clock();
    const startedAt = await runs.claim(name, holder, now, everyMs);
    if (startedAt === null) return 0;
    // A moment past the opening, so the ask falls on the right side of it.
    return Math.max(1, startedAt + everyMs - now) + 50;
  };
}

/**
 * Runs `task` once after `firstAfterMs`, then `everyMs` after each run ends (runs of one process
 * never overlap). With several processes, `claim` decides which of them runs each period: one,
 * once; the others wait for the next period's opening and ask again, so when a process dies the
 * next period goes to another. Timers do not keep the process alive. `task` handles its own
 * failures: a rejection here is swallowed so one bad run cannot end the schedule.
 */
export function runPeriodically({
  name = 'task',
  task,
  firstAfterMs,
  everyMs,
  claim = ownEveryPeriod,
}: {
  name?: string;
  task: () => Promise<void>;
  firstAfterMs: number;
  everyMs: number;
  claim?: PeriodClaim;
}): Periodic {
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout;
  const run = () => {
    let next = everyMs;
    running = (async () => {
      let wait: number;
      try {
        wait = await claim(name, everyMs);
      } catch {
        next = Math.min(everyMs, CLAIM_RETRY_MS);
        return;
      }
      if (wait > 0) {
        next = wait;
        return;
      }
      await task().catch(() => {});
    })().finally(() => {
      running = null;
      if (!stopped) timer = setTimeout(run, next).unref();
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
