import { describe, expect, it } from 'vitest';
import { maxSpace } from './quota';

describe('maxSpace', () => {
  it('adds grants that have not expired', () => {
    const now = 1_000;
    expect(
      maxSpace(
        [
          { sizeBytes: 10, expiresAt: null },
          { sizeBytes: 5, expiresAt: 2_000 },
          { sizeBytes: 7, expiresAt: 1_000 },
        ],
        now,
      ),
    ).toBe(15);
  });

  it('is zero without grants', () => {
    expect(maxSpace([], 0)).toBe(0);
  });
});
