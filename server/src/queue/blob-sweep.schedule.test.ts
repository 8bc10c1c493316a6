import { describe, expect, it, vi } from 'vitest';
import { scheduleBlobSweeps } from './blob-sweep.schedule';

describe('scheduleBlobSweeps', () => {
  it('sweeps after the first delay, then on every interval, logs failures, and stops', async () => {
    vi.useFakeTimers();
    try {
      const results = [
        Promise.resolve({ checked: 4, deleted: ['content/ab/x'] }),
        Promise.reject(new Error('store unreachable')),
        Promise.resolve({ checked: 3, deleted: [] }),
      ];
      results[1]?.catch(() => undefined);
      const sweep = vi.fn(() => results.shift() ?? Promise.resolve({ checked: 0, deleted: [] }));
      const log = { info: vi.fn(), error: vi.fn() };
      const schedule = scheduleBlobSweeps({ sweep, log, firstAfterMs: 1000, everyMs: 5000 });

      await vi.advanceTimersByTimeAsync(999);
      expect(sweep).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(sweep).toHaveBeenCalledTimes(1);
      expect(log.info).toHaveBeenCalledWith({ checked: 4, deleted: 1 }, 'orphan blob sweep done');

      await vi.advanceTimersByTimeAsync(5000);
      expect(sweep).toHaveBeenCalledTimes(2);
      expect(log.error).toHaveBeenCalledTimes(1);

      await vi.advanceTimersByTimeAsync(5000);
      expect(sweep).toHaveBeenCalledTimes(3);

      await schedule.stop();
      await vi.advanceTimersByTimeAsync(50_000);
      expect(sweep).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
