import type { TimelineFile } from '@nordlys/contract/timeline-tiles';
import { describe, expect, it, vi } from 'vitest';
import { afterFirstRow, firstRowTileLoaded, newestMonthOf } from './timeline-prefetch';

const at = (id: string, iso: string) => ({ fileID: id, timestamp: Date.parse(iso) / 1000 }) as TimelineFile;
const page = (files: TimelineFile[], totalItems: number | null) => ({
  files,
  totalItems,
  lastEventSerial: 9,
});

describe('newestMonthOf', () => {
  it("takes the newest month's part of the job's newest files, complete when an older month follows", () => {
    const files = [
      at('a', '2025-03-31T23:59:59Z'),
      at('b', '2025-03-01T00:00:00Z'),
      at('c', '2025-02-28T23:59:59Z'),
    ];
    expect(newestMonthOf(page(files, 100), 3)).toEqual({
      key: '2025-03',
      files: files.slice(0, 2),
      complete: true,
      lastEventSerial: 9,
    });
  });

  it('is complete when the page is not full or holds every file, and not when the month may go on', () => {
    const march = [at('a', '2025-03-20T00:00:00Z'), at('b', '2025-03-10T00:00:00Z')];
    expect(newestMonthOf(page(march, null), 3)?.complete).toBe(true);
    expect(newestMonthOf(page(march, 2), 2)?.complete).toBe(true);
    expect(newestMonthOf(page(march, 50), 2)?.complete).toBe(false);
    expect(newestMonthOf(page(march, null), 2)?.complete).toBe(false);
  });

  it('finds nothing in an empty timeline', () => {
    expect(newestMonthOf(page([], 0), 3)).toBeNull();
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
