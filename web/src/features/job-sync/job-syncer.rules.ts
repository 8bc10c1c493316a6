import {
  POLL_RETRY_FAILED_MS,
  POLL_RETRY_NO_CHANGES_MS,
  type PollReply,
} from '@nordlys/contract/job-changes';

/**
 * The long-poll loop of core.md §4 (Job change feed) as pure steps: what the syncer does after a
 * poll answers, and after a changes lookup. No timers and no I/O here.
 */
export type PollOutcome = { kind: 'reply'; reply: PollReply } | { kind: 'aborted' } | { kind: 'failed' };

export type SyncStep =
  /** Read the changes after `since` (the last serial applied). */
  | { do: 'lookup'; seq: number }
  /** Hold the next poll from `seq`, after `delayMs`. */
  | { do: 'poll'; delayMs: number };

export interface SyncerState {
  /** The serial the consumer has applied. */
  seq: number;
  /** A lookup already came back empty once for the serial the poll announced. */
  retried: boolean;
}

export function afterPoll(state: SyncerState, outcome: PollOutcome): SyncStep {
  if (outcome.kind !== 'reply') return { do: 'poll', delayMs: POLL_RETRY_FAILED_MS };
  const { reply } = outcome;
  if (reply.result === 'timeout') return { do: 'poll', delayMs: 0 };
  if (reply.result === 'ok' && reply.seq > state.seq) return { do: 'lookup', seq: reply.seq };
  // ok without a newer serial: nothing to read; anything else the server might answer: wait.
  return { do: 'poll', delayMs: reply.result === 'ok' ? 0 : POLL_RETRY_FAILED_MS };
}

/**
 * After a lookup that applied `applied` changes up to `serial`: none arrived although the poll
 * announced some (the write may not be visible yet) → look again once after 400 ms; else poll on.
 */
export function afterLookup(
  state: SyncerState,
  result: { applied: number; serial: number } | 'failed',
): { state: SyncerState; step: { do: 'poll' | 'retryLookup'; delayMs: number } } {
  if (result === 'failed') return { state, step: { do: 'poll', delayMs: POLL_RETRY_FAILED_MS } };
  const seq = Math.max(state.seq, result.serial);
  if (result.applied === 0 && !state.retried) {
    return { state: { seq, retried: true }, step: { do: 'retryLookup', delayMs: POLL_RETRY_NO_CHANGES_MS } };
  }
  return { state: { seq, retried: false }, step: { do: 'poll', delayMs: 0 } };
}
