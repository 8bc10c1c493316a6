import type { FileRecord } from '@nordlys/contract/file';
import type { TimelineMonth } from '@nordlys/contract/timeline';
import { monthKey, monthWindow } from '@nordlys/contract/timeline-month';
import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { SECTION_CONCURRENCY, SECTION_MAX_AGE_MS, SectionFetcher } from './section-fetcher';
import { timelineActions, timelineSlice } from './timeline.slice';

const months: TimelineMonth[] = Array.from({ length: 12 }, (_, i) => ({
  year: 2020,
  month: 12 - i,
  startDay: 1,
  endDay: 2,
  pictures: 1,
  videos: 0,
  screenshots: 0,
  documents: 0,
}));

function setup(now = { value: 1_000 }) {
  const store = configureStore({ reducer: { timeline: timelineSlice.reducer } });
  store.dispatch(timelineActions.jobResolved('job1'));
  store.dispatch(timelineActions.monthsLoaded({ filter: 'all', months }));
  const calls: string[] = [];
  const pending = new Map<string, { page: () => void; resolve: () => void; reject: () => void }>();
  const fetcher = new SectionFetcher({
    dispatch: store.dispatch,
    getSection: (key) => store.getState().timeline.sections.find((s) => s.key === key),
    jobId: () => 'job1',
    filter: () => 'all',
    now: () => now.value,
    // One file per month of the window asked for; a call is named by its months ('a..b' for a run).
    load: (_job, window, _filter, _signal, onPage) => {
      const inWindow = months
        .map(monthKey)
        .filter((key) => monthWindow(key).start >= window.start && monthWindow(key).end <= window.end);
      const key = inWindow.length === 1 ? (inWindow[0] as string) : `${inWindow.at(-1)}..${inWindow[0]}`;
      calls.push(key);
      const files = inWindow.map((month) => ({ fileID: month, timestamp: monthWindow(month).start + 60 }));
      return new Promise((resolve, reject) => {
        pending.set(key, {
          page: () => onPage?.(files.slice(0, 1) as FileRecord[]),
          resolve: () => resolve({ files: files as FileRecord[], serial: 1 }),
          reject: () => reject(new Error('boom')),
        });
      });
    },
  });
  const status = (key: string) => store.getState().timeline.sections.find((s) => s.key === key)?.status;
  return { store, fetcher, calls, pending, status, now };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SectionFetcher', () => {
  it('fetches at most five months at once, nearest first, and never the same month twice in flight', async () => {
    const { fetcher, calls, pending, status } = setup();
    const keys = months.map(monthKey);
    fetcher.request(keys);
    fetcher.request(keys);
    expect(calls).toEqual(keys.slice(0, SECTION_CONCURRENCY));
    expect(status(keys[0] as string)).toBe('FETCHING');
    pending.get(keys[0] as string)?.resolve();
    await flush();
    expect(status(keys[0] as string)).toBe('FETCHED');
    expect(calls).toEqual(keys.slice(0, SECTION_CONCURRENCY + 1));
  });

  it("draws a month's first page while the rest loads, keeping its count and status until then", async () => {
    const { store, fetcher, pending, status } = setup();
    const section = () => store.getState().timeline.sections.find((s) => s.key === '2020-12');
    fetcher.request(['2020-12']);
    pending.get('2020-12')?.page();
    expect(status('2020-12')).toBe('FETCHING');
    expect(section()?.files?.map((f) => f.fileID)).toEqual(['2020-12']);
    expect(section()?.count).toBe(1);
    pending.get('2020-12')?.resolve();
    await flush();
    expect(status('2020-12')).toBe('FETCHED');
  });

  it('puts a failed month back to UNFETCHED and fetches it again on the next request', async () => {
    const { fetcher, calls, pending, status } = setup();
    fetcher.request(['2020-12']);
    pending.get('2020-12')?.reject();
    await flush();
    expect(status('2020-12')).toBe('UNFETCHED');
    fetcher.request(['2020-12']);
    expect(calls).toEqual(['2020-12', '2020-12']);
  });

  it('refetches a month only once it has expired', async () => {
    const { fetcher, calls, pending, now } = setup();
    fetcher.request(['2020-12']);
    pending.get('2020-12')?.resolve();
    await flush();
    fetcher.request(['2020-12']);
    expect(calls).toHaveLength(1);
    now.value += SECTION_MAX_AGE_MS;
    fetcher.request(['2020-12']);
    expect(calls).toHaveLength(2);
  });

  it('ensure resolves once the months are loaded; reset drops late answers and unblocks the month', async () => {
    const { fetcher, pending, status } = setup();
    const done = fetcher.ensure(['2020-11', '2020-10']);
    await flush();
    pending.get('2020-11')?.resolve();
    pending.get('2020-10')?.resolve();
    expect(await done).toBe(true);
    fetcher.request(['2020-09']);
    fetcher.reset();
    pending.get('2020-09')?.resolve();
    await flush();
    expect(status('2020-09')).toBe('UNFETCHED');
  });

  it('loadRuns reads each run of months with one request and files every month of it', async () => {
    const { store, fetcher, calls, pending, status } = setup();
    const done = fetcher.loadRuns([['2020-12', '2020-11', '2020-10'], ['2020-07']]);
    expect(calls).toEqual(['2020-10..2020-12', '2020-07']);
    pending.get('2020-10..2020-12')?.resolve();
    pending.get('2020-07')?.resolve();
    expect(await done).toBe(true);
    for (const key of ['2020-12', '2020-11', '2020-10', '2020-07']) expect(status(key)).toBe('FETCHED');
    expect(status('2020-09')).toBe('UNFETCHED');
    const files = (key: string) =>
      store
        .getState()
        .timeline.sections.find((s) => s.key === key)
        ?.files?.map((f) => f.fileID);
    expect(files('2020-11')).toEqual(['2020-11']);
  });

  it('loadRuns answers false when a run cannot be read', async () => {
    const { fetcher, pending } = setup();
    const done = fetcher.loadRuns([['2020-05']]);
    pending.get('2020-05')?.reject();
    expect(await done).toBe(false);
  });
});
