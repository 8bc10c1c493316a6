import type { PollReply } from '@nordlys/contract/job-changes';
import { afterLookup, afterPoll, type PollOutcome, type SyncerState } from './job-syncer.rules';

export interface SyncerPorts {
  /** The long poll on the poll host. */
  poll(jobId: string, seq: number, signal: AbortSignal): Promise<PollReply>;
  /** Reads and applies the changes after the consumer's own serial; answers how many and the serial reached. */
  lookup(signal: AbortSignal): Promise<{ applied: number; serial: number }>;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Runs the long-poll loop for one job until stopped; returns the stop function. */
export function startJobSyncer(jobId: string, seq: number, ports: SyncerPorts): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  let state: SyncerState = { seq, retried: false };

  async function lookup(): Promise<void> {
    let result: { applied: number; serial: number } | 'failed';
    try {
      result = await ports.lookup(signal);
    } catch {
      result = 'failed';
    }
    if (signal.aborted) return;
    const next = afterLookup(state, result);
    state = next.state;
    await sleep(next.step.delayMs, signal);
    if (next.step.do === 'retryLookup') return lookup();
  }

  async function loop(): Promise<void> {
    while (!signal.aborted) {
      let outcome: PollOutcome;
      try {
        outcome = { kind: 'reply', reply: await ports.poll(jobId, state.seq, signal) };
      } catch {
        outcome = signal.aborted ? { kind: 'aborted' } : { kind: 'failed' };
      }
      if (signal.aborted) return;
      const step = afterPoll(state, outcome);
      if (step.do === 'lookup') await lookup();
      else await sleep(step.delayMs, signal);
    }
  }

  void loop();
  return () => controller.abort();
}

/**
 * One syncer runs at a time: the album or timeline that gains focus starts its own and the
 * previous one stops (core.md §4). The views stay stacked: when the focused one goes away, the
 * view beneath it (the timeline under an album) gets its syncer back, from the serial it reached.
 * Views beneath that show the same job (the viewer under its comments panel) are not left behind:
 * each wake of the focused syncer reads their changes too.
 */
interface Focused {
  key: object;
  jobId: string;
  seq: () => number;
  ports: SyncerPorts;
  stop: (() => void) | null;
}
const stack: Focused[] = [];

function run(entry: Focused): void {
  entry.stop = startJobSyncer(entry.jobId, entry.seq(), {
    poll: entry.ports.poll,
    lookup: (signal) => lookupWithSameJob(entry, signal),
  });
}

/**
 * The focused view's lookup decides what the loop does next; the same job's views beneath apply
 * the changes from their own serials, and one that fails catches up at the next wake.
 */
async function lookupWithSameJob(entry: Focused, signal: AbortSignal) {
  const beneath = stack.filter((other) => other !== entry && other.jobId === entry.jobId);
  const [own] = await Promise.allSettled([
    entry.ports.lookup(signal),
    ...beneath.map((other) => other.ports.lookup(signal)),
  ]);
  if (own.status === 'rejected') throw own.reason;
  return own.value;
}

export function focusJobSyncer(
  key: object,
  jobId: string,
  seq: number | (() => number),
  ports: SyncerPorts,
): () => void {
  const below = stack.at(-1);
  below?.stop?.();
  if (below) below.stop = null;
  let reached = 0;
  const startAt = typeof seq === 'function' ? seq : () => seq;
  const entry: Focused = {
    key,
    jobId,
    seq: () => Math.max(startAt(), reached),
    ports: {
      poll: ports.poll,
      lookup: async (signal) => {
        const result = await ports.lookup(signal);
        reached = Math.max(reached, result.serial);
        return result;
      },
    },
    stop: null,
  };
  run(entry);
  stack.push(entry);
  return () => {
    const index = stack.indexOf(entry);
    if (index < 0) return;
    entry.stop?.();
    stack.splice(index, 1);
    const top = stack.at(-1);
    if (index === stack.length && top && !top.stop) run(top);
  };
}
