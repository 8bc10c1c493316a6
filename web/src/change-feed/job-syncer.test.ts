import type { PollReply } from '@nordlys/contract/job-changes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startJobSyncer } from './job-syncer';

/** A poll host that answers each poll from a queue; polls beyond it stay held until aborted. */
function fakeHost(replies: PollReply[]) {
  const polls: { jobId: string; seq: number }[] = [];
  return {
    polls,
    poll: (jobId: string, seq: number, signal: AbortSignal) => {
      polls.push({ jobId, seq });
      const reply = replies.shift();
      if (reply) return Promise.resolve(reply);
      return new Promise<PollReply>((_, reject) =>
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    },
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const unused = async () => {
  throw new Error('this poll brings no changes');
};

describe('the job syncer', () => {
  afterEach(() => vi.useRealTimers());

  it('looks up the changes after an ok and polls on from the serial reached', async () => {
    const host = fakeHost([{ result: 'ok', seq: 3 }]);
    const lookup = vi.fn(async () => ({ applied: 1, serial: 3 }));
    const stop = startJobSyncer('job', 2, { poll: host.poll, lookup, apply: unused });
    await flush();
    await flush();
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(host.polls.map((p) => p.seq)).toEqual([2, 3]);
    stop();
  });

  it('retries the lookup after 400 ms when none arrived', async () => {
    vi.useFakeTimers();
    const host = fakeHost([{ result: 'ok', seq: 5 }]);
    const lookup = vi
      .fn()
      .mockResolvedValueOnce({ applied: 0, serial: 4 })
      .mockResolvedValue({ applied: 1, serial: 5 });
    const stop = startJobSyncer('job', 4, { poll: host.poll, lookup, apply: unused });
    await vi.advanceTimersByTimeAsync(0);
    expect(lookup).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(399);
    expect(lookup).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(lookup).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(host.polls.map((p) => p.seq)).toEqual([4, 5]);
    stop();
  });

  it('waits 1 s after a failed poll', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const stop = startJobSyncer('job', 1, {
      poll: () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new Error('offline')) : new Promise(() => {});
      },
      lookup: async () => ({ applied: 0, serial: 1 }),
      apply: unused,
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    stop();
  });

  it('applies the changes a poll brings without reading them again', async () => {
    const host = fakeHost([
      { result: 'ok', seq: 3, serial: 3, changes: [{ serial: 3, type: 0, id: 'f', fields: {} }] },
    ]);
    const lookup = vi.fn(async () => ({ applied: 0, serial: 3 }));
    const apply = vi.fn(async (feed: { serial: number }) => ({ applied: 1, serial: feed.serial }));
    const stop = startJobSyncer('job', 2, { poll: host.poll, lookup, apply });
    await flush();
    await flush();
    expect(apply).toHaveBeenCalledTimes(1);
    expect(lookup).not.toHaveBeenCalled();
    expect(host.polls.map((p) => p.seq)).toEqual([2, 3]);
    stop();
  });
});
