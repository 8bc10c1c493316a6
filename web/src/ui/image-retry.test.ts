import { describe, expect, it } from 'vitest';
import { probeImage } from './image-probe';
import {
  IMAGE_ATTEMPTS,
  IMAGE_RETRY_MAX_MS,
  imageRetryDelay,
  nextImageTry,
  parseRetryAfter,
  RETRY_AFTER_MAX_MS,
  retriesLeft,
} from './image-retry';

const NOW = Date.parse('2026-11-28T20:00:00Z');
const pending = (retryAfter: string | null) => ({ kind: 'answered' as const, status: 503, retryAfter });

describe('image retry while the server makes a thumbnail', () => {
  it('reads Retry-After as seconds or as an HTTP date, and nothing else', () => {
    expect(parseRetryAfter('1', NOW)).toBe(1000);
    expect(parseRetryAfter(' 12 ', NOW)).toBe(12_000);
    expect(parseRetryAfter('Sat, 28 Nov 2026 20:00:05 GMT', NOW)).toBe(5000);
    expect(parseRetryAfter('Sat, 28 Nov 2026 19:59:00 GMT', NOW)).toBe(0);
    for (const bad of [null, undefined, '', 'soon', '-3', '1.5'])
      expect(parseRetryAfter(bad, NOW)).toBeNull();
  });

  it("waits the client's own growing pause (1, 2, 4, then every 8 s) when the server asks for less", () => {
    expect([0, 1, 2, 3, 4, 9].map(imageRetryDelay)).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    const waits = [0, 1, 2, 3, 20].map((attempt) => nextImageTry(attempt, pending('1'), NOW));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000].map((ms) => ({ kind: 'wait', ms })));
  });

  it("never asks again before the server's Retry-After, and caps a long one at a minute", () => {
    expect(nextImageTry(0, pending('5'), NOW)).toEqual({ kind: 'wait', ms: 5000 });
    expect(nextImageTry(0, pending('Sat, 28 Nov 2026 20:00:30 GMT'), NOW)).toEqual({
      kind: 'wait',
      ms: 30_000,
    });
    expect(nextImageTry(3, pending('3600'), NOW)).toEqual({ kind: 'wait', ms: RETRY_AFTER_MAX_MS });
    expect(nextImageTry(9, pending(null), NOW)).toEqual({ kind: 'wait', ms: IMAGE_RETRY_MAX_MS });
  });

  it('keeps trying through a lost connection or a server error, and stops when the picture will not come', () => {
    expect(nextImageTry(1, { kind: 'unreachable' }, NOW)).toEqual({ kind: 'wait', ms: 2000 });
    expect(nextImageTry(0, { kind: 'answered', status: 502, retryAfter: null }, NOW).kind).toBe('wait');
    // Ready by the time it was asked again: the <img> is tried after the usual pause.
    expect(nextImageTry(0, { kind: 'answered', status: 200, retryAfter: null }, NOW).kind).toBe('wait');
    for (const status of [400, 403, 404, 410]) {
      expect(nextImageTry(0, { kind: 'answered', status, retryAfter: '1' }, NOW)).toEqual({
        kind: 'give-up',
      });
    }
  });

  it('gives up after about five minutes of tries', () => {
    const retried = Array.from({ length: IMAGE_ATTEMPTS }, (_, n) => n).filter((n) => retriesLeft(n));
    expect(retried).toHaveLength(IMAGE_ATTEMPTS - 1);
    expect(nextImageTry(IMAGE_ATTEMPTS - 1, pending('1'), NOW)).toEqual({ kind: 'give-up' });
    const waited = retried.reduce((sum, n) => sum + imageRetryDelay(n), 0);
    expect(waited).toBeGreaterThanOrEqual(4 * 60_000);
    expect(waited).toBeLessThanOrEqual(6 * 60_000);
    expect(nextImageTry(2, pending('1'), NOW, 3)).toEqual({ kind: 'give-up' });
  });
});

describe('the probe after a failed load', () => {
  it('reads the status and Retry-After without the body, and names no answer as unreachable', async () => {
    let cancelled = false;
    const body = new ReadableStream({
      cancel: () => {
        cancelled = true;
      },
    });
    const answered = await probeImage(
      '/th/3/x',
      new AbortController().signal,
      async () => new Response(body, { status: 503, headers: { 'retry-after': '2' } }),
    );
    expect(answered).toEqual({ kind: 'answered', status: 503, retryAfter: '2' });
    expect(cancelled).toBe(true);
    const lost = await probeImage('/th/3/x', new AbortController().signal, async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(lost).toEqual({ kind: 'unreachable' });
  });
});
