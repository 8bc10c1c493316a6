import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  epochSecondsInMs,
  monthKey,
  monthKeyAt,
  monthStart,
  monthWindow,
  windowInMs,
  yearMonthOf,
} from './timeline-month';

describe('timeline month', () => {
  it('keys a month as YYYY-MM and reads it back', () => {
    expect(monthKey({ year: 2023, month: 7 })).toBe('2023-07');
    expect(monthKey({ year: 2023, month: 12 })).toBe('2023-12');
    expect(yearMonthOf('2023-07')).toEqual({ year: 2023, month: 7 });
  });

  it('puts a time in its UTC month', () => {
    expect(monthKeyAt(Date.UTC(2023, 6, 31, 23, 59) / 1000)).toBe('2023-07');
    expect(monthKeyAt(Date.UTC(2023, 7, 1) / 1000)).toBe('2023-08');
    expect(monthStart('2023-12').toISOString()).toBe('2023-12-01T00:00:00.000Z');
  });

  it("lists a month by the wire's inclusive epoch-second window", () => {
    expect(monthWindow('2023-12')).toEqual({
      start: Date.UTC(2023, 11, 1) / 1000,
      end: Date.UTC(2024, 0, 1) / 1000 - 1,
    });
  });

  it('holds every second of a month inside its window, and only those', () => {
    const time = fc.integer({ min: Date.UTC(1970, 0, 1) / 1000, max: Date.UTC(2200, 0, 1) / 1000 });
    fc.assert(
      fc.property(time, (seconds) => {
        const key = monthKeyAt(seconds);
        const { start, end } = monthWindow(key);
        expect(seconds).toBeGreaterThanOrEqual(start);
        expect(seconds).toBeLessThanOrEqual(end);
        expect(monthKeyAt(start)).toBe(key);
        expect(monthKeyAt(end)).toBe(key);
        expect(monthKeyAt(end + 1)).not.toBe(key);
        expect(monthKey(yearMonthOf(key))).toBe(key);
      }),
    );
  });

  it('widens the window to milliseconds, the end to its last millisecond', () => {
    expect(windowInMs({ start: 10, end: 20 })).toEqual({ startMs: 10_000, endMs: 20_999 });
    expect(windowInMs({})).toEqual({ startMs: undefined, endMs: undefined });
    expect(epochSecondsInMs(7)).toBe(7000);
    expect(epochSecondsInMs(undefined)).toBeUndefined();
  });
});
