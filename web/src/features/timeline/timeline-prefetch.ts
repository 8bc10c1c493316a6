import type { TimelineJob } from '@nordlys/contract/file';
import { type MonthKey, monthKeyAt } from '@nordlys/contract/timeline-month';
import type { TimelineFile } from '@nordlys/contract/timeline-tiles';
import { getAuthToken } from '../../api/session';
import { fetchDefaultJob, fetchMonths, fetchTiles, TIMELINE_TYPES } from '../../api/timeline.api';

type MonthsPage = Awaited<ReturnType<typeof fetchMonths>>;

/**
 * The newest files the first read asks for: more than a screenful at any width and zoom, few
 * enough for the server to answer and the page to decode at once (a month runs to thousands).
 */
export const FIRST_PAGE_FILES = 500;

/** The timeline's route. */
export const TIMELINE_PATH = '/photos';

/**
 * The timeline's first reads (its job, the months of every file, the newest files' tiles), started
 * with its code when the app starts on the timeline (the route's preload), not once that code has
 * arrived and mounted: on a slow network they are answered while the page's code is still coming
 * in. The newest files need neither the job's id nor the months (the whole job, newest first, is
 * the newest month's start), so all three go out at once. Each is handed out once, to the first
 * load; every later read goes to the server.
 */
let started = false;
let early: { job?: Promise<TimelineJob>; months?: Promise<MonthsPage>; newest?: Promise<NewestFiles> } = {};

/** The start of the newest month: its first files, newest first, and whether that is all of them. */
export interface NewestFiles {
  key: MonthKey;
  files: TimelineFile[];
  complete: boolean;
  lastEventSerial: number | null;
}

/** The newest month's part of a page of the whole job's newest files. */
export function newestMonthOf(
  page: { files: TimelineFile[]; totalItems: number | null; lastEventSerial: number | null },
  limit: number,
): NewestFiles | null {
  const [first] = page.files;
  if (!first) return null;
  const key = monthKeyAt(first.timestamp);
  const files = page.files.filter((file) => monthKeyAt(file.timestamp) === key);
  // An older month on the page, or a page that is not full, means the month has nothing more.
  const complete =
    files.length < page.files.length ||
    page.files.length < limit ||
    page.files.length >= (page.totalItems ?? Number.POSITIVE_INFINITY);
  return { key, files, complete, lastEventSerial: page.lastEventSerial };
}

export function prefetchTimeline(): void {
  // Signed out, the page asks for nothing (the login wall stands in). Once per page load.
  if (!getAuthToken() || started) return;
  started = true;
  const job = fetchDefaultJob();
  const months = fetchMonths('default', 'all');
  const newest = fetchTiles('default', { types: TIMELINE_TYPES, limit: FIRST_PAGE_FILES }).then((page) => {
    const found = newestMonthOf(page, FIRST_PAGE_FILES);
    if (!found) throw new Error('no file');
    return found;
  });
  // A failed early read fails its taker, which shows the error and retries; none is reported here.
  for (const read of [job, months, newest]) read.catch(() => undefined);
  early = { job, months, newest };
}

/** How long the rest of the newest month waits for the first row's thumbnails at most. */
export const FIRST_ROW_WAIT_MS = 1000;

let firstRowLoaded: () => void = () => undefined;
const firstRow = new Promise<void>((resolve) => {
  firstRowLoaded = resolve;
});

/** A tile of the grid's first row has its thumbnail (the page's largest paint is coming). */
export function firstRowTileLoaded(): void {
  firstRowLoaded();
}

/**
 * Resolves once a first-row tile has its thumbnail, or after `capMs`: the rest of the newest
 * month (thousands of files) waits for it, or the server and the page's thread would work on that
 * before the thumbnails the user is waiting for.
 */
export function afterFirstRow(capMs = FIRST_ROW_WAIT_MS): Promise<void> {
  return Promise.race([firstRow, new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}

/** The early job read, once. */
export function takeEarlyJob(): Promise<TimelineJob> | undefined {
  const { job } = early;
  early.job = undefined;
  return job;
}

/** The early months read (filter 'all'), once. */
export function takeEarlyMonths(): Promise<MonthsPage> | undefined {
  const { months } = early;
  early.months = undefined;
  return months;
}

/** The early read of the newest month's first files (filter 'all'), once, if `key` is that month. */
export async function takeEarlyMonth(key: MonthKey): Promise<NewestFiles | undefined> {
  const { newest } = early;
  if (!newest) return undefined;
  early.newest = undefined;
  const read = await newest.catch(() => undefined);
  return read?.key === key ? read : undefined;
}
