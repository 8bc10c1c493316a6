import { type MonthKey, monthKeyAt, monthWindow } from '@nordlys/contract/timeline-month';

/**
 * A shift range over the timeline's months (core.md §2): which months it spans, which of them are
 * not loaded yet (fetched first, one request per unbroken run of them) and, once every month is
 * loaded, the files it holds. Pure: the page does the fetching.
 */
export interface RangeSection {
  key: MonthKey;
  status: 'UNFETCHED' | 'FETCHING' | 'FETCHED';
  files: readonly { fileID: string; timestamp: number }[] | null;
}

export interface RangeEnd {
  fileID: string;
  timestamp: number;
}

/** Indexes of the first and last month of the range in display order, or null if either is gone. */
export function rangeSectionSpan(
  sections: readonly RangeSection[],
  a: RangeEnd,
  b: RangeEnd,
): [number, number] | null {
  const i = sections.findIndex((s) => s.key === monthKeyAt(a.timestamp));
  const j = sections.findIndex((s) => s.key === monthKeyAt(b.timestamp));
  if (i < 0 || j < 0) return null;
  return [Math.min(i, j), Math.max(i, j)];
}

/**
 * The months of the span whose files are not all known, grouped in runs of neighbours (display
 * order, newest first). A month still being fetched counts as missing: the range cannot wait on
 * a request it does not own.
 */
export function missingRuns(sections: readonly RangeSection[], span: [number, number]): MonthKey[][] {
  const runs: MonthKey[][] = [];
  let run: MonthKey[] = [];
  for (let index = span[0]; index <= span[1]; index += 1) {
    const section = sections[index] as RangeSection;
    if (section.status === 'FETCHED' && section.files !== null) {
      if (run.length > 0) runs.push(run);
      run = [];
    } else run.push(section.key);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** The epoch-second window (both ends inclusive) of a run of months: oldest start to newest end. */
export function runWindow(run: readonly MonthKey[]): { start: number; end: number } {
  const sorted = [...run].sort();
  return {
    start: monthWindow(sorted[0] as MonthKey).start,
    end: monthWindow(sorted[sorted.length - 1] as MonthKey).end,
  };
}

/** A run's files (newest first, as the server lists them) split back into its months, empty ones included. */
export function splitByMonth<F extends { timestamp: number }>(
  run: readonly MonthKey[],
  files: readonly F[],
): Map<MonthKey, F[]> {
  const byMonth = new Map<MonthKey, F[]>(run.map((key) => [key, []]));
  for (const file of files) byMonth.get(monthKeyAt(file.timestamp))?.push(file);
  return byMonth;
}

/**
 * The ids from one end to the other in display order, both included, or null while a month of the
 * span is missing or an end is no longer there.
 */
export function rangeFileIds(sections: readonly RangeSection[], a: RangeEnd, b: RangeEnd): string[] | null {
  const span = rangeSectionSpan(sections, a, b);
  if (!span || missingRuns(sections, span).length > 0) return null;
  const ids: string[] = [];
  for (let index = span[0]; index <= span[1]; index += 1) {
    for (const file of sections[index]?.files ?? []) ids.push(file.fileID);
  }
  const i = ids.indexOf(a.fileID);
  const j = ids.indexOf(b.fileID);
  if (i < 0 || j < 0) return null;
  return ids.slice(Math.min(i, j), Math.max(i, j) + 1);
}
