import { monthWindow } from '@nordlys/contract/timeline-month';
import { describe, expect, it } from 'vitest';
import {
  missingRuns,
  type RangeSection,
  rangeFileIds,
  rangeSectionSpan,
  runWindow,
  splitByMonth,
} from './selection-range';

/** A file in the middle of a month ('YYYY-MM'), `n` seconds before the month's middle. */
const fileIn = (key: string, n: number) => {
  const { start, end } = monthWindow(key);
  return { fileID: `${key}#${n}`, timestamp: Math.floor((start + end) / 2) - n };
};
const loaded = (key: string, count: number): RangeSection => ({
  key,
  status: 'FETCHED',
  files: Array.from({ length: count }, (_, n) => fileIn(key, n)),
});
const unloaded = (key: string, status: RangeSection['status'] = 'UNFETCHED'): RangeSection => ({
  key,
  status,
  files: null,
});

// Newest first, as the grid shows them.
const sections: RangeSection[] = [
  loaded('2026-11', 3),
  unloaded('2026-06'),
  unloaded('2025-12', 'FETCHING'),
  loaded('2024-05', 2),
  unloaded('2024-02'),
  loaded('2023-01', 4),
];

describe('a shift range over months', () => {
  it('spans the months of both ends, whichever was clicked first', () => {
    const newest = fileIn('2026-11', 0);
    const old = fileIn('2024-02', 1);
    expect(rangeSectionSpan(sections, newest, old)).toEqual([0, 4]);
    expect(rangeSectionSpan(sections, old, newest)).toEqual([0, 4]);
    expect(rangeSectionSpan(sections, newest, fileIn('2019-01', 0))).toBeNull();
  });

  it('groups the months not loaded (fetching ones too) into runs of neighbours', () => {
    expect(missingRuns(sections, [0, 5])).toEqual([['2026-06', '2025-12'], ['2024-02']]);
    expect(missingRuns(sections, [3, 3])).toEqual([]);
    // A FETCHED month whose files were dropped is missing as well.
    expect(missingRuns([{ key: '2020-01', status: 'FETCHED', files: null }], [0, 0])).toEqual([['2020-01']]);
  });

  it('asks for one window per run: the oldest month start to the newest month end', () => {
    expect(runWindow(['2026-06', '2025-12'])).toEqual({
      start: monthWindow('2025-12').start,
      end: monthWindow('2026-06').end,
    });
    expect(runWindow(['2024-02'])).toEqual(monthWindow('2024-02'));
  });

  it('splits a run of files back into its months, a month with none included', () => {
    const files = [fileIn('2026-06', 0), fileIn('2026-06', 1), fileIn('2025-12', 0)];
    const split = splitByMonth(['2026-06', '2026-01', '2025-12'], files);
    expect([...split.keys()]).toEqual(['2026-06', '2026-01', '2025-12']);
    expect(split.get('2026-06')?.map((f) => f.fileID)).toEqual(['2026-06#0', '2026-06#1']);
    expect(split.get('2026-01')).toEqual([]);
    expect(split.get('2025-12')).toHaveLength(1);
  });

  it('holds every file between the ends once all months are loaded, and nothing before', () => {
    const newest = fileIn('2026-11', 1);
    const old = fileIn('2024-02', 0);
    expect(rangeFileIds(sections, newest, old)).toBeNull();
    const full = sections.map((s) =>
      s.files ? s : loaded(s.key, s.key === '2026-06' ? 5 : s.key === '2025-12' ? 7 : 6),
    );
    const ids = rangeFileIds(full, newest, old) as string[];
    // 2 of November (from #1), 5 + 7 + 2 loaded in between, 1 of February (#0 is the newest there).
    expect(ids).toHaveLength(2 + 5 + 7 + 2 + 1);
    expect(ids[0]).toBe(newest.fileID);
    expect(ids.at(-1)).toBe(old.fileID);
    expect(rangeFileIds(full, old, newest)).toEqual(ids);
    // Within one month.
    expect(rangeFileIds(full, fileIn('2023-01', 3), fileIn('2023-01', 1))).toEqual([
      '2023-01#1',
      '2023-01#2',
      '2023-01#3',
    ]);
    // An end that left (deleted elsewhere) makes no range.
    expect(rangeFileIds(full, newest, { fileID: 'gone', timestamp: old.timestamp })).toBeNull();
  });
});
