import { describe, expect, it } from 'vitest';
import { IMAGE_ATTEMPTS, imageRetryDelay, retriesLeft } from './image-retry';

describe('image retry while the server makes a thumbnail', () => {
  it('pauses 1, 2, 4 s, then every 8 s', () => {
    expect([0, 1, 2, 3, 4, 9].map(imageRetryDelay)).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('gives up after about a minute of tries', () => {
    const retried = Array.from({ length: IMAGE_ATTEMPTS }, (_, n) => n).filter((n) => retriesLeft(n));
    expect(retried).toHaveLength(IMAGE_ATTEMPTS - 1);
    expect(retriesLeft(IMAGE_ATTEMPTS - 1)).toBe(false);
    const waited = retried.reduce((sum, n) => sum + imageRetryDelay(n), 0);
    expect(waited).toBeGreaterThanOrEqual(45_000);
    expect(waited).toBeLessThanOrEqual(75_000);
    expect(retriesLeft(2, 3)).toBe(false);
  });
});
