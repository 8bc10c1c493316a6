/**
 * A timeline month, in the one form each side keeps and the conversions between them.
 *
 * - On the wire a month is `{ year, month }` (TimelineMonth, from GET …/timeline/months), and its
 *   files are asked for by the spec's epoch-second window: `start` and `end`, both inclusive
 *   (…/files, …/timeline/tiles).
 * - Inside the client it is a MonthKey, 'YYYY-MM' of the UTC month: a map key that sorts newest
 *   last, and stays readable in session storage.
 * - The server keeps times in epoch milliseconds; `windowInMs` and `epochSecondsInMs` turn the
 *   wire's seconds into them.
 */

/** 'YYYY-MM', month 01-12, in UTC for the timeline. */
export type MonthKey = string;

export interface YearMonth {
  year: number;
  /** 1-12. */
  month: number;
}

const SECOND_MS = 1000;

export const monthKey = ({ year, month }: YearMonth): MonthKey => `${year}-${String(month).padStart(2, '0')}`;

export function yearMonthOf(key: MonthKey): YearMonth {
  const [year = Number.NaN, month = Number.NaN] = key.split('-').map(Number);
  return { year, month };
}

/** The UTC month of an epoch-second time (a file's `timestamp`), as the server groups months. */
export function monthKeyAt(epochSeconds: number): MonthKey {
  const date = new Date(epochSeconds * SECOND_MS);
  return monthKey({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 });
}

/** The month's first instant; its name is formatted with `timeZone: 'UTC'`. */
export function monthStart(key: MonthKey): Date {
  const { year, month } = yearMonthOf(key);
  return new Date(Date.UTC(year, month - 1, 1));
}

/** The window that lists a month's files: epoch seconds, both ends inclusive. */
export function monthWindow(key: MonthKey): { start: number; end: number } {
  const { year, month } = yearMonthOf(key);
  return { start: Date.UTC(year, month - 1, 1) / SECOND_MS, end: Date.UTC(year, month, 1) / SECOND_MS - 1 };
}

/** An epoch-second time from the wire (a bound, `uploaded_since`) in milliseconds. */
export const epochSecondsInMs = (seconds: number | undefined): number | undefined =>
  seconds === undefined ? undefined : seconds * SECOND_MS;

/**
 * The wire's epoch-second bounds in milliseconds. `end` names a whole second, so a capture at
 * end + 0.5 s is still inside.
 */
export function windowInMs(window: { start?: number; end?: number }): { startMs?: number; endMs?: number } {
  const end = epochSecondsInMs(window.end);
  return {
    startMs: epochSecondsInMs(window.start),
    endMs: end === undefined ? undefined : end + SECOND_MS - 1,
  };
}
