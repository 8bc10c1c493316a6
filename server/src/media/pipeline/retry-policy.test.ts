import { describe, expect, it } from 'vitest';
import { nextRetryAt, RETRY_ROUND_DELAYS_MS } from './retry-policy';

describe('media retry rounds', () => {
  it('spaces the rounds further apart after each failed one', () => {
    const now = 1_700_000_000_000;
    const due = [1, 2, 3, 4].map((failed) => nextRetryAt(failed, now)! - now);
    expect(due).toEqual([...RETRY_ROUND_DELAYS_MS]);
    expect(due).toEqual([...due].sort((a, b) => a - b));
  });

  it('gives up after the last round', () => {
    expect(nextRetryAt(RETRY_ROUND_DELAYS_MS.length + 1, 0)).toBeNull();
    expect(nextRetryAt(99, 0)).toBeNull();
  });
});
