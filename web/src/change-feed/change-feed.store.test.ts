import { ALBUM_PASSWORD_HEADER, GUEST_TOKEN_HEADER } from '@nordlys/contract/album';
import { CHANGE_COMMENT, CHANGE_FILE_ADDED, CHANGE_FILE_REMOVED } from '@nordlys/contract/job-changes';
import type { JobChange } from '@nordlys/contract/timeline';
import { describe, expect, it, vi } from 'vitest';
import { createChangeFeed } from './change-feed.store';
import type { FeedBatch, FeedEvent } from './feed-events.rules';

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((r) => setTimeout(r, 0));
};

/** Jobs' feeds on a fake server: polls are held until a change passes their serial. */
function fakeServer() {
  const feeds = new Map<string, JobChange[]>();
  const held = new Set<() => void>();
  const requests: {
    kind: 'poll' | 'changes';
    jobId: string;
    from: number;
    headers: Record<string, string>;
  }[] = [];
  const serialOf = (jobId: string) => feeds.get(jobId)?.at(-1)?.serial ?? 0;
  const after = (jobId: string, from: number) => (feeds.get(jobId) ?? []).filter((c) => c.serial > from);
  return {
    requests,
    change(jobId: string, type: number, id: string, fields: Record<string, unknown> = {}) {
      const list = feeds.get(jobId) ?? [];
      list.push({ serial: serialOf(jobId) + 1, type, id, fields });
      feeds.set(jobId, list);
      for (const wake of held) wake();
      held.clear();
    },
    transport: {
      async poll(jobId: string, seq: number, signal: AbortSignal, headers: Record<string, string>) {
        requests.push({ kind: 'poll' as const, jobId, from: seq, headers });
        while (serialOf(jobId) <= seq) {
          await new Promise<void>((resolve, reject) => {
            held.add(resolve);
            signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          });
        }
        return {
          result: 'ok' as const,
          seq: serialOf(jobId),
          serial: serialOf(jobId),
          changes: after(jobId, seq),
        };
      },
      async changes(jobId: string, since: number, _signal: AbortSignal, headers: Record<string, string>) {
        requests.push({ kind: 'changes' as const, jobId, from: since, headers });
        return { serial: serialOf(jobId), changes: after(jobId, since) };
      },
    },
  };
}

const kinds = (events: FeedEvent[]) => events.map((event) => event.kind);

describe('the change feed', () => {
  it('sends one request per wake for a job, however many subscribe, and gives each its events', async () => {
    const server = fakeServer();
    const feed = createChangeFeed(server.transport);
    const got: FeedEvent[][] = [[], [], []];
    const stops = got.map((list) =>
      feed.subscribe({ jobId: 'album', seq: () => 0, onEvents: (events) => list.push(...events) }),
    );
    await flush();
    expect(server.requests).toHaveLength(1);
    server.change('album', CHANGE_FILE_ADDED, 'f1');
    server.change('album', CHANGE_COMMENT, 'c1', { fileID: 'f1', comment: 'hi' });
    await flush();
    // The answered poll and the next one held.
    expect(server.requests.map((r) => [r.kind, r.from])).toEqual([
      ['poll', 0],
      ['poll', 2],
    ]);
    for (const list of got) expect(kinds(list)).toEqual(['fileAdded', 'commentSet']);
    for (const stop of stops) stop();
  });

  it('skips for a subscriber what it already shows', async () => {
    const server = fakeServer();
    const feed = createChangeFeed(server.transport);
    server.change('album', CHANGE_FILE_ADDED, 'f1');
    const early: FeedEvent[] = [];
    const late: FeedEvent[] = [];
    const stopEarly = feed.subscribe({ jobId: 'album', seq: () => 0, onEvents: (e) => early.push(...e) });
    const stopLate = feed.subscribe({ jobId: 'album', seq: () => 1, onEvents: (e) => late.push(...e) });
    await flush();
    server.change('album', CHANGE_FILE_REMOVED, 'f1');
    await flush();
    expect(kinds(early)).toEqual(['fileAdded', 'fileRemoved']);
    expect(kinds(late)).toEqual(['fileRemoved']);
    stopLate();
    stopEarly();
  });

  it('feeds the newest subscriber’s job, and the job beneath again once it leaves', async () => {
    const server = fakeServer();
    const feed = createChangeFeed(server.transport);
    const timeline: FeedEvent[] = [];
    const stopTimeline = feed.subscribe({
      jobId: 'timeline',
      seq: () => 0,
      onEvents: (e) => timeline.push(...e),
    });
    const stopAlbum = feed.subscribe({ jobId: 'album', seq: () => 0, onEvents: () => {} });
    await flush();
    // The timeline's poll was stopped for the album's.
    expect(server.requests.map((r) => r.jobId)).toEqual(['timeline', 'album']);
    server.change('timeline', CHANGE_FILE_ADDED, 'f1');
    await flush();
    expect(timeline).toEqual([]);
    stopAlbum();
    await flush();
    // Back on the timeline, from where it stood: the change made meanwhile arrives.
    expect(kinds(timeline)).toEqual(['fileAdded']);
    expect(server.requests.filter((r) => r.jobId === 'timeline').map((r) => r.from)).toEqual([0, 0, 1]);
    stopTimeline();
  });

  it('sends every subscriber’s headers, and tells each failure once until a request succeeds', async () => {
    const server = fakeServer();
    let failing = true;
    const feed = createChangeFeed({
      ...server.transport,
      poll: (jobId, seq, signal, headers) =>
        failing ? Promise.reject(new Error('offline')) : server.transport.poll(jobId, seq, signal, headers),
    });
    vi.useFakeTimers();
    const onFailed = vi.fn();
    const stopPage = feed.subscribe({
      jobId: 'album',
      seq: () => 0,
      headers: () => ({ [ALBUM_PASSWORD_HEADER]: 'p' }),
      onEvents: () => {},
      onFailed,
    });
    const stopPanel = feed.subscribe({
      jobId: 'album',
      seq: () => 0,
      headers: () => ({ [GUEST_TOKEN_HEADER]: 'g' }),
      onEvents: () => {},
    });
    await vi.advanceTimersByTimeAsync(3500);
    expect(onFailed).toHaveBeenCalledTimes(1);
    failing = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.requests.at(-1)?.headers).toEqual({
      [ALBUM_PASSWORD_HEADER]: 'p',
      [GUEST_TOKEN_HEADER]: 'g',
    });
    vi.useRealTimers();
    stopPanel();
    stopPage();
  });

  it('lets a cache listen to every job’s wakes', async () => {
    const server = fakeServer();
    const feed = createChangeFeed(server.transport);
    const batches: FeedBatch[] = [];
    const unlisten = feed.listen((batch) => batches.push(batch));
    const stop = feed.subscribe({ jobId: 'album', seq: () => 0, onEvents: () => {} });
    await flush();
    server.change('album', CHANGE_COMMENT, 'c1', { fileID: 'f1', comment: '' });
    await flush();
    expect(batches).toEqual([
      {
        jobId: 'album',
        serial: 1,
        events: [{ kind: 'commentSet', serial: 1, commentId: 'c1', comment: { fileID: 'f1', comment: '' } }],
      },
    ]);
    unlisten();
    stop();
  });
});
