/**
 * Closes resources in order on SIGINT/SIGTERM, once, and exits; a close that hangs past
 * `forceAfterMs` ends the process anyway so an orchestrator's restart is never blocked.
 */
export function closeOnSignals(
  steps: (() => Promise<void>)[],
  options: { forceAfterMs: number; onSignal?: (signal: string) => void },
): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    options.onSignal?.(signal);
    const force = setTimeout(() => process.exit(1), options.forceAfterMs).unref();
    try {
      for (const step of steps) await step();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
