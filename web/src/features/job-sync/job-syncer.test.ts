import type { PollReply } from '@nordlys/contract/job-changes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusJobSyncer, startJobSyncer } from './job-syncer';

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

describe('the job syncer', () => {
  afterEach(() => vi.useRealTimers());

  it('looks up the changes after an ok and polls on from the serial reached', async () => {
    const host = fakeHost([{ result: 'ok', seq: 3 }]);
    const lookup = vi.fn(async () => ({ applied: 1, serial: 3 }));
    const stop = startJobSyncer('job', 2, { poll: host.poll, lookup });
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
    const stop = startJobSyncer('job', 4, { poll: host.poll, lookup });
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
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    stop();
  });

  it('a newly focused job stops the previous syncer', async () => {
    const first = fakeHost([]);
    const second = fakeHost([]);
    const aborted: string[] = [];
    const lookup = async () => ({ applied: 0, serial: 0 });
    const watch = (name: string, host: ReturnType<typeof fakeHost>) => ({
      lookup,
      poll: (jobId: string, seq: number, signal: AbortSignal) => {
        signal.addEventListener('abort', () => aborted.push(name));
        return host.poll(jobId, seq, signal);
      },
    });
    const stopAlbum = focusJobSyncer({}, 'album', 0, watch('album', first));
    const stopTimeline = focusJobSyncer({}, 'timeline', 0, watch('timeline', second));
    await flush();
    expect(aborted).toEqual(['album']);
    stopTimeline();
    await flush();
    expect(aborted).toEqual(['album', 'timeline']);
    stopAlbum();
  });

  it('when the focused view closes, the view beneath polls again from the serial it reached', async () => {
    const timeline = fakeHost([{ result: 'ok', seq: 7 }]);
    const album = fakeHost([]);
    const stopTimeline = focusJobSyncer({}, 'timeline', 5, {
      poll: timeline.poll,
      lookup: async () => ({ applied: 2, serial: 7 }),
    });
    await flush();
    await flush();
    expect(timeline.polls.map((p) => p.seq)).toEqual([5, 7]);
    const stopAlbum = focusJobSyncer({}, 'album', 3, {
      poll: album.poll,
      lookup: async () => ({ applied: 0, serial: 3 }),
    });
    await flush();
    expect(album.polls).toEqual([{ jobId: 'album', seq: 3 }]);
    stopAlbum();
    await flush();
    // The timeline's syncer is back, from serial 7 (not its starting 5); the album's stays stopped.
    expect(timeline.polls.map((p) => p.seq)).toEqual([5, 7, 7]);
    expect(album.polls).toHaveLength(1);
    stopTimeline();
    await flush();
    expect(timeline.polls).toHaveLength(3);
  });

  it('a view beneath that shows the same job reads its changes at each wake of the focused one', async () => {
    const host = fakeHost([{ result: 'ok', seq: 9 }]);
    const viewer = vi.fn(async () => ({ applied: 1, serial: 9 }));
    const timeline = vi.fn(async () => ({ applied: 0, serial: 2 }));
    const panel = vi.fn(async () => ({ applied: 1, serial: 9 }));
    const stopTimeline = focusJobSyncer({}, 'timeline', 2, { poll: fakeHost([]).poll, lookup: timeline });
    const stopViewer = focusJobSyncer({}, 'album', 8, { poll: fakeHost([]).poll, lookup: viewer });
    const stopPanel = focusJobSyncer({}, 'album', 8, { poll: host.poll, lookup: panel });
    await flush();
    await flush();
    expect(panel).toHaveBeenCalledTimes(1);
    expect(viewer).toHaveBeenCalledTimes(1);
    // Another job's view beneath waits for its own turn.
    expect(timeline).not.toHaveBeenCalled();
    expect(host.polls.map((p) => p.seq)).toEqual([8, 9]);
    stopPanel();
    stopViewer();
    stopTimeline();
  });

  it("a failing lookup beneath does not stop the focused view's loop", async () => {
    const host = fakeHost([{ result: 'ok', seq: 4 }]);
    const panel = vi.fn(async () => ({ applied: 1, serial: 4 }));
    const stopViewer = focusJobSyncer({}, 'album', 3, {
      poll: fakeHost([]).poll,
      lookup: async () => {
        throw new Error('offline');
      },
    });
    const stopPanel = focusJobSyncer({}, 'album', 3, { poll: host.poll, lookup: panel });
    await flush();
    await flush();
    expect(panel).toHaveBeenCalledTimes(1);
    expect(host.polls.map((p) => p.seq)).toEqual([3, 4]);
    stopPanel();
    stopViewer();
  });

  it('closing a view that is not focused leaves the focused syncer running', async () => {
    const below = fakeHost([]);
    const top = fakeHost([]);
    const lookup = async () => ({ applied: 0, serial: 0 });
    const stopBelow = focusJobSyncer({}, 'timeline', 1, { poll: below.poll, lookup });
    const stopTop = focusJobSyncer({}, 'album', 2, { poll: top.poll, lookup });
    await flush();
    stopBelow();
    stopTop();
    await flush();
    expect(below.polls).toHaveLength(1);
    expect(top.polls).toHaveLength(1);
  });
});
