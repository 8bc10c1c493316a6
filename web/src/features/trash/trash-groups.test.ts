import { describe, expect, it } from 'vitest';
import { daysLabel, daysLeft, groupTrash } from './trash-groups';

const DAY_S = 24 * 60 * 60;
/** The injected clock: a fixed now. */
const now = Date.UTC(2026, 4, 20, 9, 0);
const deletedDaysAgo = (days: number, id: string) => ({ id, dtime: Math.floor(now / 1000) - days * DAY_S });

describe('trash groups', () => {
  it('counts days left from the deletion time at the injected clock', () => {
    expect(daysLeft(deletedDaysAgo(0, 'a'), now)).toBe(90);
    expect(daysLeft(deletedDaysAgo(1, 'b'), now)).toBe(89);
    expect(daysLeft(deletedDaysAgo(85, 'c'), now)).toBe(5);
    expect(daysLeft(deletedDaysAgo(90, 'd'), now)).toBe(0);
    // The same item a day later has a day less.
    expect(daysLeft(deletedDaysAgo(1, 'b'), now + DAY_S * 1000)).toBe(88);
  });

  it('groups 5 days or fewer as removed soon, first, and the rest as permanently deleted soon', () => {
    const items = [
      deletedDaysAgo(0, 'new'),
      deletedDaysAgo(84, 'six-left'),
      deletedDaysAgo(85, 'five-left'),
      deletedDaysAgo(90, 'today'),
    ];
    const groups = groupTrash(items, now);
    expect(groups.map((g) => g.key)).toEqual(['removedSoon', 'deletedSoon']);
    expect(groups[0]?.entries.map((e) => [e.item.id, e.days])).toEqual([
      ['five-left', 5],
      ['today', 0],
    ]);
    expect(groups[1]?.entries.map((e) => [e.item.id, e.days])).toEqual([
      ['new', 90],
      ['six-left', 6],
    ]);
  });

  it('leaves empty groups out and moves items between groups as the clock advances', () => {
    const items = [deletedDaysAgo(80, 'x')];
    expect(groupTrash(items, now).map((g) => g.key)).toEqual(['deletedSoon']);
    expect(groupTrash(items, now + 5 * DAY_S * 1000).map((g) => g.key)).toEqual(['removedSoon']);
    expect(groupTrash([], now)).toEqual([]);
  });

  it("reads 0 days as 'deleted today'", () => {
    expect(daysLabel(0)).toEqual({ key: 'deletedToday', count: 0 });
    expect(daysLabel(1)).toEqual({ key: 'daysLeft', count: 1 });
    expect(daysLabel(90)).toEqual({ key: 'daysLeft', count: 90 });
  });
});
