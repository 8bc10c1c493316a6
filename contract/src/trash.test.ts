import { describe, expect, it } from 'vitest';
import { daysRemaining, purgeCutoff, TRASH_RETENTION_DAYS } from './trash';

const DAY = 24 * 60 * 60 * 1000;
const deletedAt = Date.UTC(2026, 0, 10, 15, 30);

describe('daysRemaining', () => {
  it('is 90 on the day of deletion and drops by one per whole day since', () => {
    expect(daysRemaining(deletedAt, deletedAt)).toBe(TRASH_RETENTION_DAYS);
    expect(daysRemaining(deletedAt, deletedAt + DAY - 1)).toBe(90);
    expect(daysRemaining(deletedAt, deletedAt + DAY)).toBe(89);
    expect(daysRemaining(deletedAt, deletedAt + 85 * DAY + 1)).toBe(5);
  });

  it('reaches 0 at 90 days and stays there', () => {
    expect(daysRemaining(deletedAt, deletedAt + 90 * DAY)).toBe(0);
    expect(daysRemaining(deletedAt, deletedAt + 400 * DAY)).toBe(0);
  });

  it('reads a deletion stamped ahead of the clock as just deleted', () => {
    expect(daysRemaining(deletedAt + 5000, deletedAt)).toBe(90);
  });

  it('puts the purge cutoff exactly 90 days back', () => {
    expect(purgeCutoff(deletedAt + 90 * DAY)).toBe(deletedAt);
  });
});
