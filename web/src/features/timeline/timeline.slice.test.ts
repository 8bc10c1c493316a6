import type { FileRecord } from '@nordlys/contract/file';
import type { TimelineMonth } from '@nordlys/contract/timeline';
import { describe, expect, it } from 'vitest';
import {
  timelineActions as a,
  initialTimelineState,
  type TimelineState,
  timelineSlice,
} from './timeline.slice';
import { defaultRecentsFilter } from './timeline-filter';

const reduce = (state: TimelineState, ...actions: Parameters<typeof timelineSlice.reducer>[1][]) =>
  actions.reduce(timelineSlice.reducer, state);

const month = (year: number, m: number, pictures: number, videos = 0): TimelineMonth => ({
  year,
  month: m,
  startDay: 1,
  endDay: 28,
  pictures,
  videos,
  screenshots: 0,
  documents: 3,
});

const fileAt = (id: string, iso: string): FileRecord =>
  ({ fileID: id, timestamp: Date.parse(iso) / 1000, duration: 0, file_type: 'Pictures' }) as FileRecord;

const loaded = () =>
  reduce(
    initialTimelineState(),
    a.jobResolved('job1'),
    a.loadStarted(),
    a.monthsLoaded({
      filter: 'all',
      months: [month(2024, 5, 2, 1), month(2023, 7, 4), month(2021, 12, 0, 0)],
    }),
  );

describe('timeline slice transitions', () => {
  it('monthsLoaded builds UNFETCHED sections from counts (pictures + videos), skipping empty months', () => {
    const s = loaded();
    expect(s.load).toBe('SUCCEEDED');
    expect(s.sections.map((x) => [x.key, x.count, x.status])).toEqual([
      ['2024-05', 3, 'UNFETCHED'],
      ['2023-07', 4, 'UNFETCHED'],
    ]);
  });

  it("monthsLoaded keeps the months' serial, so an empty timeline's change feed has a start", () => {
    let s = reduce(initialTimelineState(), a.monthsLoaded({ filter: 'all', months: [], serial: 7 }));
    expect(s).toMatchObject({ load: 'SUCCEEDED', sections: [], serial: 7 });
    s = reduce(s, a.monthsLoaded({ filter: 'all', months: [], serial: 5 }));
    expect(s.serial).toBe(7);
  });

  it('monthsLoaded counts only pictures or only videos under those filters and ignores stale answers', () => {
    let s = reduce(loaded(), a.filterChanged('only_videos'));
    expect(s).toMatchObject({ load: 'EMPTY', sections: [] });
    s = reduce(s, a.monthsLoaded({ filter: 'all', months: [month(2024, 5, 2, 1)] }));
    expect(s.sections).toEqual([]);
    s = reduce(
      s,
      a.monthsLoaded({ filter: 'only_videos', months: [month(2024, 5, 2, 1), month(2023, 7, 4)] }),
    );
    expect(s.sections.map((x) => [x.key, x.count])).toEqual([['2024-05', 1]]);
  });

  it('UNFETCHED -> FETCHING -> FETCHED, correcting the count from the loaded files', () => {
    let s = reduce(loaded(), a.sectionFetchStarted('2023-07'));
    expect(s.sections[1]?.status).toBe('FETCHING');
    const files = [fileAt('a', '2023-07-20T10:00:00Z'), fileAt('b', '2023-07-02T10:00:00Z')];
    s = reduce(s, a.sectionFetched({ key: '2023-07', files, at: 1000, serial: 7 }));
    expect(s.sections[1]).toMatchObject({ status: 'FETCHED', count: 2, fetchedAt: 1000 });
    expect(s.serial).toBe(7);
  });

  it('a first page shows in a loading month without settling it; a month on screen keeps its files', () => {
    const first = [fileAt('a', '2023-07-09T00:00:00Z')];
    let s = reduce(loaded(), a.sectionPartlyFetched({ key: '2023-07', files: first }));
    expect(s.sections[1]?.files).toBeNull();
    s = reduce(s, a.sectionFetchStarted('2023-07'), a.sectionPartlyFetched({ key: '2023-07', files: first }));
    expect(s.sections[1]).toMatchObject({ status: 'FETCHING', count: 4, files: first });
    const all = [...first, fileAt('b', '2023-07-08T00:00:00Z')];
    s = reduce(
      s,
      a.sectionFetched({ key: '2023-07', files: all, at: 1, serial: null }),
      a.sectionsExpired({ now: 10, maxAgeMs: 1 }),
    );
    s = reduce(s, a.sectionFetchStarted('2023-07'), a.sectionPartlyFetched({ key: '2023-07', files: first }));
    expect(s.sections[1]?.files).toEqual(all);
  });

  it('a failed fetch returns to UNFETCHED', () => {
    const s = reduce(loaded(), a.sectionFetchStarted('2024-05'), a.sectionFetchFailed('2024-05'));
    expect(s.sections[0]?.status).toBe('UNFETCHED');
  });

  it('sectionFetchStarted only leaves UNFETCHED (no double fetch)', () => {
    const files = [fileAt('a', '2024-05-02T00:00:00Z')];
    const s = reduce(
      loaded(),
      a.sectionFetched({ key: '2024-05', files, at: 1, serial: null }),
      a.sectionFetchStarted('2024-05'),
    );
    expect(s.sections[0]?.status).toBe('FETCHED');
  });

  it('expired sections return to UNFETCHED but keep their files on screen', () => {
    const files = [fileAt('a', '2024-05-02T00:00:00Z')];
    let s = reduce(loaded(), a.sectionFetched({ key: '2024-05', files, at: 1000, serial: null }));
    s = reduce(s, a.sectionsExpired({ now: 1000 + 299_999, maxAgeMs: 300_000 }));
    expect(s.sections[0]?.status).toBe('FETCHED');
    s = reduce(s, a.sectionsExpired({ now: 1000 + 300_000, maxAgeMs: 300_000 }));
    expect(s.sections[0]).toMatchObject({ status: 'UNFETCHED', files });
  });

  it('a months refresh keeps fetched months whose count is unchanged and invalidates the others', () => {
    const files = [
      fileAt('a', '2024-05-02T00:00:00Z'),
      fileAt('b', '2024-05-01T00:00:00Z'),
      fileAt('c', '2024-05-01T00:00:00Z'),
    ];
    let s = reduce(loaded(), a.sectionFetched({ key: '2024-05', files, at: 5, serial: null }));
    s = reduce(s, a.monthsLoaded({ filter: 'all', months: [month(2024, 5, 2, 1), month(2023, 7, 4)] }));
    expect(s.sections[0]?.status).toBe('FETCHED');
    s = reduce(s, a.monthsLoaded({ filter: 'all', months: [month(2024, 5, 3, 1), month(2023, 7, 4)] }));
    expect(s.sections[0]).toMatchObject({ status: 'UNFETCHED', count: 4, files });
  });

  it('sectionsInvalidated marks fetched sections UNFETCHED', () => {
    const files = [fileAt('a', '2024-05-02T00:00:00Z')];
    const s = reduce(
      loaded(),
      a.sectionFetched({ key: '2024-05', files, at: 1, serial: null }),
      a.sectionsInvalidated('all'),
    );
    expect(s.sections[0]?.status).toBe('UNFETCHED');
  });

  it('filesRemoved takes files out and drops months left empty', () => {
    const files = [fileAt('a', '2024-05-02T00:00:00Z')];
    const s = reduce(
      loaded(),
      a.sectionFetched({ key: '2024-05', files, at: 1, serial: null }),
      a.filesRemoved(['a']),
    );
    expect(s.sections.map((x) => x.key)).toEqual(['2023-07']);
  });

  it('filesRemoved keeps the other files of a month as they were, readable after the update', () => {
    const files = [fileAt('a', '2024-05-02T00:00:00Z'), fileAt('b', '2024-05-01T00:00:00Z')];
    const s = reduce(
      loaded(),
      a.sectionFetched({ key: '2024-05', files, at: 1, serial: null }),
      a.filesRemoved(['a']),
    );
    expect(s.sections[0]).toMatchObject({ key: '2024-05', count: 1 });
    expect(s.sections[0]?.files?.map((f) => f.fileID)).toEqual(['b']);
    expect(s.sections[0]?.files?.[0]).toBe(files[1]);
  });

  it('recentFilesLoaded groups the recent files by month, all FETCHED', () => {
    let s = reduce(loaded(), a.filterChanged('recents_7'), a.loadStarted());
    s = reduce(
      s,
      a.recentFilesLoaded({
        filter: 'recents_7',
        files: [
          fileAt('x', '2023-07-01T00:00:00Z'),
          fileAt('y', '2024-05-09T00:00:00Z'),
          fileAt('z', '2024-05-10T00:00:00Z'),
        ],
        at: 9,
        serial: 3,
      }),
    );
    expect(s.sections.map((x) => [x.key, x.status, x.files?.map((f) => f.fileID)])).toEqual([
      ['2024-05', 'FETCHED', ['z', 'y']],
      ['2023-07', 'FETCHED', ['x']],
    ]);
  });

  it('loadFailed marks the current load FAILED only', () => {
    const s = reduce(initialTimelineState(), a.loadStarted(), a.loadFailed({ filter: 'only_images' }));
    expect(s.load).toBe('FETCHING');
    expect(reduce(s, a.loadFailed({ filter: 'all' })).load).toBe('FAILED');
  });

  it('recents load: EMPTY -> FETCHING -> SUCCEEDED or FAILED', () => {
    const fetching = reduce(initialTimelineState(), a.recentsRequested());
    expect(fetching.recents.status).toBe('FETCHING');
    const counts = { recents_1: 0, recents_7: 2, recents_30: 5 };
    expect(reduce(fetching, a.recentsLoaded(counts)).recents).toEqual({ status: 'SUCCEEDED', counts });
    expect(reduce(fetching, a.recentsFailed()).recents.status).toBe('FAILED');
  });

  it('the first jobResolved names the job and keeps the loads already started', () => {
    const s = reduce(initialTimelineState(), a.loadStarted(), a.recentsRequested(), a.jobResolved('job1'));
    expect(s).toMatchObject({ jobId: 'job1', load: 'FETCHING', recents: { status: 'FETCHING' } });
  });

  it('jobResolved for another job starts over', () => {
    const s = reduce(loaded(), a.jobResolved('job2'));
    expect(s).toMatchObject({ jobId: 'job2', sections: [], load: 'EMPTY' });
  });
});

describe('filter rules', () => {
  it('defaults the recents filter to 7 if available, else 1, else 30, else 7', () => {
    expect(defaultRecentsFilter({ recents_1: 1, recents_7: 3, recents_30: 9 })).toBe('recents_7');
    expect(defaultRecentsFilter({ recents_1: 1, recents_7: 0, recents_30: 9 })).toBe('recents_1');
    expect(defaultRecentsFilter({ recents_1: 0, recents_7: 0, recents_30: 9 })).toBe('recents_30');
    expect(defaultRecentsFilter({ recents_1: 0, recents_7: 0, recents_30: 0 })).toBe('recents_7');
    expect(defaultRecentsFilter(null)).toBe('recents_7');
  });
});
