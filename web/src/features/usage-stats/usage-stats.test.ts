import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startUsageStats } from './usage-stats';
import {
  dueEvents,
  ENGAGED_EVENTS_COOLDOWN_MS,
  engagedEventAt,
  engagedEventOfNotice,
  initialUsage,
  sentAtOf,
  usageReducer,
} from './usage-tracker';

describe('usage tracker', () => {
  it('queues engaged events and sends them at most once an hour', () => {
    let state = usageReducer(initialUsage, { type: 'engaged', name: 'album_open', at: 1000 });
    expect(state.lastEngagedAt).toBe(1000);
    expect(dueEvents(state, 1000)).toEqual([{ name: 'album_open', timestamp: 1000 }]);
    state = usageReducer(state, { type: 'sent', at: 2000, count: 1 });
    state = usageReducer(state, { type: 'engaged', name: 'share', at: 3000 });
    expect(dueEvents(state, 2000 + ENGAGED_EVENTS_COOLDOWN_MS - 1)).toEqual([]);
    expect(dueEvents(state, 2000 + ENGAGED_EVENTS_COOLDOWN_MS)).toHaveLength(1);
    expect(usageReducer(state, { type: 'cleared' })).toEqual(initialUsage);
  });

  it("counts the hour from the account's last sending elsewhere too", () => {
    const state = usageReducer(initialUsage, { type: 'engaged', name: 'share', at: 5000 });
    const elsewhere = 4000;
    expect(dueEvents(state, elsewhere + ENGAGED_EVENTS_COOLDOWN_MS - 1, elsewhere)).toEqual([]);
    expect(dueEvents(state, elsewhere + ENGAGED_EVENTS_COOLDOWN_MS, elsewhere)).toHaveLength(1);
    expect([
      sentAtOf('1764360000000'),
      sentAtOf(null),
      sentAtOf(''),
      sentAtOf('soon'),
      sentAtOf('-5'),
    ]).toEqual([1764360000000, null, null, null, null]);
  });

  it('keeps events recorded while a sending was on its way', () => {
    let state = usageReducer(initialUsage, { type: 'engaged', name: 'add', at: 1 });
    state = usageReducer(state, { type: 'engaged', name: 'download', at: 2 });
    expect(usageReducer(state, { type: 'sent', at: 3, count: 1 }).queued).toEqual([
      { name: 'download', timestamp: 2 },
    ]);
  });

  it('knows which pages and notices are engagement', () => {
    expect(engagedEventAt('/albums/AAECAwQFBgcICQoLDA0ODw')).toBe('album_open');
    expect(engagedEventAt('/a/AAECAwQFBgcICQoLDA0ODw')).toBe('album_open');
    expect(engagedEventAt('/albums/x/edit/addPhotos')).toBe('new_album');
    expect(engagedEventAt('/photos/abc')).toBe('carousel');
    expect(engagedEventAt('/carousel/a/b')).toBe('carousel');
    expect(engagedEventAt('/photos')).toBeNull();
    expect(engagedEventOfNotice('filesWereShared')).toBe('share');
    expect(engagedEventOfNotice('filesCopiedToAlbum')).toBe('add');
    expect(engagedEventOfNotice('preparingDownload')).toBe('download');
    expect(engagedEventOfNotice('genericError')).toBeNull();
  });
});

describe('usage statistics runner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = (consent: boolean) => {
    const clientStats: object[] = [];
    const events: object[][] = [];
    const stats = startUsageStats({
      hasConsent: async () => consent,
      sendClientStats: async (body) => {
        clientStats.push(body);
      },
      sendEvents: async (batch) => {
        events.push(batch);
      },
      clock: () => Date.now(),
      isForeground: () => true,
    });
    return { stats, clientStats, events };
  };

  it('reports activity at 0 s and every 3600 s, and events at most hourly, with consent', async () => {
    const { stats, clientStats, events } = make(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(clientStats).toHaveLength(1);
    stats.record('album_open');
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toHaveLength(1);
    stats.record('share');
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
    expect(events).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(50 * 60 * 1000);
    expect(clientStats).toHaveLength(2);
    expect(clientStats[1]).toMatchObject({
      last_engaged: expect.any(Number),
      last_foreground: expect.any(Number),
    });
    expect(events).toHaveLength(2);
    expect(events[1]).toEqual([expect.objectContaining({ name: 'share' })]);
    stats.stop();
  });

  it('holds events another tab or device sent within the hour, and records its own sending for them', async () => {
    const events: object[][] = [];
    const recorded: number[] = [];
    let elsewhere: number | null = Date.now() - 10 * 60 * 1000;
    const stats = startUsageStats({
      hasConsent: async () => true,
      sendClientStats: async () => undefined,
      sendEvents: async (batch) => {
        events.push(batch);
      },
      clock: () => Date.now(),
      isForeground: () => true,
      sentElsewhereAt: () => elsewhere,
      onEventsSent: (at) => recorded.push(at),
    });
    stats.record('album_open');
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual([]);
    elsewhere = null;
    stats.record('share');
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toHaveLength(1);
    expect(recorded).toEqual([Date.now()]);
    stats.stop();
  });

  it('sends nothing without the help_us_improve consent', async () => {
    const { stats, clientStats, events } = make(false);
    stats.record('carousel');
    await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000);
    expect(clientStats).toEqual([]);
    expect(events).toEqual([]);
    stats.stop();
  });
});
