import { describe, expect, it } from 'vitest';
import { createInProcessQueue } from './in-process-queue';
import { PermanentTaskError, type TaskHandler, type TaskHandlers } from './task-queue';

const noop: TaskHandler = { run: async () => {}, fail: async () => {} };
const handlers = (overrides: Partial<TaskHandlers>): TaskHandlers => ({
  thumbnails: noop,
  'encode-video': noop,
  ...overrides,
});
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('in-process queue', () => {
  it('runs at most `concurrency` tasks of a name at once, and the lanes independently', async () => {
    let active = 0;
    let peak = 0;
    const done: string[] = [];
    const slow: TaskHandler = {
      async run({ sha256 }) {
        active += 1;
        peak = Math.max(peak, active);
        await tick();
        active -= 1;
        done.push(sha256);
      },
      fail: async () => {},
    };
    let encodeRan = false;
    const queue = createInProcessQueue({
      handlers: handlers({
        thumbnails: slow,
        'encode-video': {
          run: async () => {
            encodeRan = true;
          },
          fail: async () => {},
        },
      }),
      concurrency: { thumbnails: 2 },
    });
    for (let i = 0; i < 7; i += 1) await queue.send('thumbnails', { sha256: `c${i}` });
    await queue.send('encode-video', { sha256: 'v' });
    await queue.onIdle();
    expect(peak).toBe(2);
    expect(done.sort()).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
    expect(encodeRan).toBe(true);
  });

  it('retries a failing task with backoff, then records the failure once', async () => {
    const attempts: number[] = [];
    const delays: number[] = [];
    const failed: unknown[] = [];
    const queue = createInProcessQueue({
      handlers: handlers({
        thumbnails: {
          async run(_data, { attempt }) {
            attempts.push(attempt);
            throw new Error('disk hiccup');
          },
          fail: async (_data, error) => void failed.push(error),
        },
      }),
      backoffMs: (attempt) => {
        delays.push(attempt);
        return 1;
      },
    });
    await queue.send('thumbnails', { sha256: 'x' });
    await queue.onIdle();
    expect(attempts).toEqual([1, 2, 3]);
    expect(delays).toEqual([1, 2]);
    expect(failed).toHaveLength(1);
  });

  it('succeeds on a retry without recording a failure', async () => {
    let calls = 0;
    let failed = false;
    const queue = createInProcessQueue({
      handlers: handlers({
        thumbnails: {
          async run() {
            calls += 1;
            if (calls === 1) throw new Error('transient');
          },
          fail: async () => {
            failed = true;
          },
        },
      }),
      backoffMs: () => 1,
    });
    await queue.send('thumbnails', { sha256: 'x' });
    await queue.onIdle();
    expect([calls, failed]).toEqual([2, false]);
  });

  it('fails a permanent error at once, without retrying', async () => {
    let calls = 0;
    let failed = 0;
    const queue = createInProcessQueue({
      handlers: handlers({
        thumbnails: {
          async run() {
            calls += 1;
            throw new PermanentTaskError('not a picture');
          },
          fail: async () => {
            failed += 1;
          },
        },
      }),
      backoffMs: () => 1,
    });
    await queue.send('thumbnails', { sha256: 'x' });
    await queue.onIdle();
    expect([calls, failed]).toEqual([1, 1]);
  });

  it('absorbs a second send for a content that is still waiting', async () => {
    const runs: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const queue = createInProcessQueue({
      handlers: handlers({
        thumbnails: {
          async run({ sha256 }) {
            runs.push(sha256);
            if (sha256 === 'first') await gate;
          },
          fail: async () => {},
        },
      }),
    });
    await queue.send('thumbnails', { sha256: 'first' });
    await queue.send('thumbnails', { sha256: 'dup' });
    await queue.send('thumbnails', { sha256: 'dup' });
    release();
    await queue.onIdle();
    expect(runs).toEqual(['first', 'dup']);
  });

  it('close aborts running work without recording it as failed, and drops the rest', async () => {
    let failed = false;
    let started = 0;
    const queue = createInProcessQueue({
      handlers: handlers({
        thumbnails: {
          run: ({ sha256: _ }, { signal }) => {
            started += 1;
            return new Promise((_resolve, reject) =>
              signal.addEventListener('abort', () => reject(signal.reason)),
            );
          },
          fail: async () => {
            failed = true;
          },
        },
      }),
    });
    await queue.send('thumbnails', { sha256: 'a' });
    await queue.send('thumbnails', { sha256: 'b' });
    await queue.close();
    await queue.onIdle();
    expect([started, failed]).toEqual([1, false]);
  });
});
