import { POLL_RETRY_FAILED_MS, POLL_RETRY_NO_CHANGES_MS } from '@nordlys/contract/job-changes';
import { describe, expect, it } from 'vitest';
import { afterLookup, afterPoll, type SyncerState } from './job-syncer.rules';

const at = (seq: number, retried = false): SyncerState => ({ seq, retried });

describe('the long-poll loop', () => {
  it('ok with a newer serial → a changes lookup', () => {
    expect(afterPoll(at(4), { kind: 'reply', reply: { result: 'ok', seq: 6 } })).toEqual({
      do: 'lookup',
      seq: 6,
    });
  });

  it('ok without a newer serial → poll again at once', () => {
    expect(afterPoll(at(6), { kind: 'reply', reply: { result: 'ok', seq: 6 } })).toEqual({
      do: 'poll',
      delayMs: 0,
    });
  });

  it('timeout → poll again at once', () => {
    expect(afterPoll(at(6), { kind: 'reply', reply: { result: 'timeout' } })).toEqual({
      do: 'poll',
      delayMs: 0,
    });
  });

  it('aborted → retry after 1 s', () => {
    expect(afterPoll(at(6), { kind: 'aborted' })).toEqual({ do: 'poll', delayMs: POLL_RETRY_FAILED_MS });
  });

  it('any other failure → retry after 1 s', () => {
    expect(afterPoll(at(6), { kind: 'failed' })).toEqual({ do: 'poll', delayMs: POLL_RETRY_FAILED_MS });
  });

  it('a lookup that found changes → poll on from the serial reached', () => {
    expect(afterLookup(at(4), { applied: 2, serial: 6 })).toEqual({
      state: at(6),
      step: { do: 'poll', delayMs: 0 },
    });
  });

  it('a lookup that found none → look again once after 400 ms', () => {
    const first = afterLookup(at(4), { applied: 0, serial: 4 });
    expect(first).toEqual({
      state: at(4, true),
      step: { do: 'retryLookup', delayMs: POLL_RETRY_NO_CHANGES_MS },
    });
    expect(afterLookup(first.state, { applied: 0, serial: 4 })).toEqual({
      state: at(4),
      step: { do: 'poll', delayMs: 0 },
    });
  });

  it('a failed lookup → poll again after 1 s from the same serial', () => {
    expect(afterLookup(at(4), 'failed')).toEqual({
      state: at(4),
      step: { do: 'poll', delayMs: POLL_RETRY_FAILED_MS },
    });
  });
});
