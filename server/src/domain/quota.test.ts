import { describe, expect, it } from 'vitest';
import { maxSpace } from './quota';

describe('maxSpace', () => {
  it('adds grants that have not expired', () => {
    const now = 1_000;
    expect(
      maxSpace(
        [
          { size_bytes: 10, expires_at: null },
          { size_bytes: 5, expires_at: 2_000 },
          { size_bytes: 7, expires_at: 1_000 },
        ],
        now,
      ),
    ).toBe(15);
  });

  it('is zero without grants', () => {
    expect(maxSpace([], 0)).toBe(0);
  });
});
