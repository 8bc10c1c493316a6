export interface Periodic {
  /** No further runs; waits for one under way. */
  stop(): Promise<void>;
}

/**
 * Runs `task` once after `firstAfterMs`, then `everyMs` after each run ends (runs never overlap).
 * Timers do not keep the process alive. `task` handles its own failures: a rejection here is
 * swallowed so one bad run cannot end the schedule.
 */
export function runPeriodically({
  task,
  firstAfterMs,
  everyMs,
}: {
  task: () => Promise<void>;
  firstAfterMs: number;
  everyMs: number;
}): Periodic {
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout;
  const run = () => {
    running = task()
      .catch(() => {})
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
