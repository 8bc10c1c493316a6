import type { PollReply } from '@nordlys/contract/job-changes';
import type { JobChange } from '@nordlys/contract/timeline';
import { afterLookup, afterPoll, type PollOutcome, type SyncerState } from './job-syncer.rules';

type Applied = { applied: number; serial: number };

export interface SyncerPorts {
  /** The long poll on the poll host. */
  poll(jobId: string, seq: number, signal: AbortSignal): Promise<PollReply>;
  /** Applies the changes a poll brought; answers how many and the serial reached. */
  apply(feed: { serial: number; changes: JobChange[] }): Promise<Applied>;
  /** Reads and applies the changes after the consumer's own serial; answers how many and the serial reached. */
  lookup(signal: AbortSignal): Promise<Applied>;
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

  /** Applies what the poll brought, or (a server that sends only the serial, a retry) reads it. */
  async function lookup(reply?: PollReply): Promise<void> {
    let result: Applied | 'failed';
    try {
      result =
        reply?.result === 'ok' && reply.changes
          ? await ports.apply({ serial: reply.serial ?? reply.seq, changes: reply.changes })
          : await ports.lookup(signal);
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
      if (step.do === 'lookup') await lookup(outcome.kind === 'reply' ? outcome.reply : undefined);
      else await sleep(step.delayMs, signal);
    }
  }

  void loop();
  return () => controller.abort();
}
