import type { TimelineFile } from '@nordlys/contract/timeline-tiles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { afterFirstRow, firstRowTileLoaded, monthsOfPage } from './timeline-prefetch';

const at = (id: string, iso: string) => ({ fileID: id, timestamp: Date.parse(iso) / 1000 }) as TimelineFile;
const page = (files: TimelineFile[], totalItems: number | null) => ({
  files,
  totalItems,
  lastEventSerial: 9,
});

describe('monthsOfPage', () => {
  it('splits the page into months, newest first, every one but the oldest whole', () => {
    const files = [
      at('a', '2025-03-31T23:59:59Z'),
      at('b', '2025-03-01T00:00:00Z'),
      at('c', '2025-02-28T23:59:59Z'),
    ];
    expect(monthsOfPage(page(files, 100), 3)).toEqual([
      { key: '2025-03', files: files.slice(0, 2), complete: true, lastEventSerial: 9 },
      { key: '2025-02', files: files.slice(2), complete: false, lastEventSerial: 9 },
    ]);
  });

  it('has the oldest month whole when the page is not full or holds every file', () => {
    const march = [at('a', '2025-03-20T00:00:00Z'), at('b', '2025-03-10T00:00:00Z')];
    expect(monthsOfPage(page(march, null), 3)[0]?.complete).toBe(true);
    expect(monthsOfPage(page(march, 2), 2)[0]?.complete).toBe(true);
    expect(monthsOfPage(page(march, 50), 2)[0]?.complete).toBe(false);
    expect(monthsOfPage(page(march, null), 2)[0]?.complete).toBe(false);
  });

  it('finds no month in an empty timeline', () => {
    expect(monthsOfPage(page([], 0), 3)).toEqual([]);
  });
});

describe('afterFirstRow', () => {
  it('waits at most its cap, and no longer once a first-row tile has its thumbnail', async () => {
    vi.useFakeTimers();
    try {
      let done = false;
      void afterFirstRow(1000).then(() => {
        done = true;
      });
      await vi.advanceTimersByTimeAsync(999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    firstRowTileLoaded();
    await expect(afterFirstRow(60_000)).resolves.toBeUndefined();
  });
});

describe('takeEarlyMonth', () => {
  const seconds = (iso: string) => Date.parse(iso) / 1000;
  const tiles = (timestamps: number[]) => ({
    jobID: 'job-1',
    origin: '',
    exp: 0,
    sig: null,
    users: ['user-1'],
    fileID: timestamps.map((_, i) => `f${i}`),
    fileName: timestamps.map((_, i) => `IMG_${i}.jpg`),
    timestamp: timestamps,
    duration: timestamps.map(() => 0),
    size: timestamps.map(() => 1000),
    user: timestamps.map(() => 0),
    flags: timestamps.map(() => 0),
    width: timestamps.map(() => 4000),
    height: timestamps.map(() => 3000),
    thumbhash: timestamps.map(() => null),
  });

  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  /** A fresh copy of the module, signed in, its start-up reads answered with a page of these files. */
  async function prefetchedWith(timestamps: number[]) {
    vi.resetModules();
    localStorage.setItem('authToken', 'token-1');
    fakeApi({
      'GET /jobs/default': jsonResponse({ id: 'job-1' }),
      'GET /jobs/default/timeline/months': jsonResponse({ months: [] }),
      'GET /jobs/default/timeline/tiles': jsonResponse(tiles(timestamps)),
    });
    const prefetch = await import('./timeline-prefetch');
    prefetch.prefetchTimeline();
    return prefetch;
  }

  it('hands out each month of the start-up page once: a small newest month and the one under it', async () => {
    const prefetch = await prefetchedWith([
      seconds('2025-03-02T00:00:00Z'),
      ...Array.from({ length: 499 }, () => seconds('2025-02-10T00:00:00Z')),
    ]);
    const march = await prefetch.takeEarlyMonth('2025-03');
    expect(march?.files.map((file) => file.fileID)).toEqual(['f0']);
    expect(march?.complete).toBe(true);
    const february = await prefetch.takeEarlyMonth('2025-02');
    expect(february?.files).toHaveLength(499);
    expect(february?.complete).toBe(false);
    expect(await prefetch.takeEarlyMonth('2025-02')).toBeUndefined();
    expect(await prefetch.takeEarlyMonth('2025-01')).toBeUndefined();
  });

  it('hands out no month once the page is older than a first load takes', async () => {
    const prefetch = await prefetchedWith([seconds('2025-03-02T00:00:00Z'), seconds('2025-02-10T00:00:00Z')]);
    expect((await prefetch.takeEarlyMonth('2025-03'))?.files).toHaveLength(1);
    const arrived = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(arrived + prefetch.EARLY_MONTHS_FRESH_MS + 1000);
    try {
      expect(await prefetch.takeEarlyMonth('2025-02')).toBeUndefined();
    } finally {
      now.mockRestore();
    }
  });
});
