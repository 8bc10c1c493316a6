import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { makeTempDir } from '../../test/test-database';
import { STALE_UPLOAD_AGE_MS } from '../blobs/blob-store';
import { FsBlobStore } from '../blobs/fs-blob-store';
import {
  FIRST_UPLOAD_SWEEP_AFTER_MS,
  scheduleUploadSweeps,
  UPLOAD_SWEEP_EVERY_MS,
} from './upload-sweep.schedule';

describe('scheduleUploadSweeps', () => {
  it('removes stale staging files a minute after start and then hourly, not only when the store opens', async () => {
    const dir = makeTempDir();
    const blobs = await FsBlobStore.open(path.join(dir, 'blobs'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const leave = (name: string, ageMs: number) => {
        const file = path.join(blobs.tempDir, name);
        fs.writeFileSync(file, 'partial');
        const at = new Date(Date.now() - ageMs);
        fs.utimesSync(file, at, at);
      };
      const staged = () => fs.readdirSync(blobs.tempDir).sort();
      let runsEnded = 0;
      // The sweep's file system calls are real I/O the fake clock does not wait for: after
      // moving the clock, wait (in real time) for the runs it started to end and for the
      // next run's timer to be set, so the next move of the clock can fire it.
      const settle = async (runs: number) => {
        const until = performance.now() + 10_000;
        while ((runsEnded < runs || vi.getTimerCount() === 0) && performance.now() < until) {
          await new Promise((r) => setImmediate(r));
        }
        return staged();
      };
      const expired = vi.fn(async () => {});
      const log = { debug: vi.fn(), warn: vi.fn() };
      const schedule = scheduleUploadSweeps({
        sweepExpiredResumable: expired,
        sweepUnfinishedBlobs: () =>
          blobs.sweepUnfinished().finally(() => {
            runsEnded += 1;
          }),
        log,
      });
      // Left by a crash after the store opened: a stale one, and a live upload's.
      leave('crashed.part', STALE_UPLOAD_AGE_MS + 1000);
      leave('live.part', 1000);
      await vi.advanceTimersByTimeAsync(FIRST_UPLOAD_SWEEP_AFTER_MS - 1);
      expect(await settle(0)).toEqual(['crashed.part', 'live.part']);
      await vi.advanceTimersByTimeAsync(1);
      expect(await settle(1)).toEqual(['live.part']);
      expect(expired).toHaveBeenCalledTimes(1);

      leave('later.part', STALE_UPLOAD_AGE_MS + 1000);
      await vi.advanceTimersByTimeAsync(UPLOAD_SWEEP_EVERY_MS - 1);
      expect(await settle(1)).toEqual(['later.part', 'live.part']);
      expect(runsEnded).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await settle(2)).toEqual(['live.part']);
      expect(expired).toHaveBeenCalledTimes(2);
      expect(log.warn).not.toHaveBeenCalled();
      await schedule.stop();
    } finally {
      vi.useRealTimers();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('still sweeps the blob store when the resumable sweep fails, and logs it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const unfinished = vi.fn(async () => 2);
      const log = { debug: vi.fn(), warn: vi.fn() };
      const schedule = scheduleUploadSweeps({
        sweepExpiredResumable: () => Promise.reject(new Error('database gone')),
        sweepUnfinishedBlobs: unfinished,
        log,
        firstAfterMs: 10,
        everyMs: 100,
      });
      await vi.advanceTimersByTimeAsync(10);
      expect(unfinished).toHaveBeenCalledTimes(1);
      expect(log.warn).toHaveBeenCalledWith(expect.anything(), 'expired resumable uploads not swept');
      expect(log.debug).toHaveBeenCalledWith(
        { removed: 2 },
        'unfinished uploads removed from the blob store',
      );
      await schedule.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
