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
let early: {
  job?: Promise<TimelineJob>;
  months?: Promise<MonthsPage>;
  newest?: Promise<{ months: EarlyMonth[]; at: number }>;
} = {};

/**
 * How long after it arrived the start-up page may serve a month. The first screen's months are read
 * within a second or two; a month first read later (scrolled to) is read afresh, or it would show
 * the page's files without the changes the feed brought meanwhile to the months then shown.
 */
export const EARLY_MONTHS_FRESH_MS = 10_000;

/** A month's files from the start-up page, newest first, and whether that is all of them. */
export interface EarlyMonth {
  key: MonthKey;
  files: TimelineFile[];
  complete: boolean;
  lastEventSerial: number | null;
}

/**
 * The months of a page of the whole job's newest files, newest first. Every month but the page's
 * oldest is whole (an older one follows it); the oldest is whole only when the page holds the job's
 * last file. At the start of a month the newest one is small, and the month under it is on the
 * first screen too.
 */
export function monthsOfPage(
  page: { files: TimelineFile[]; totalItems: number | null; lastEventSerial: number | null },
  limit: number,
): EarlyMonth[] {
  const months: EarlyMonth[] = [];
  for (const file of page.files) {
    const key = monthKeyAt(file.timestamp);
    const last = months.at(-1);
    if (last?.key === key) last.files.push(file);
    else months.push({ key, files: [file], complete: true, lastEventSerial: page.lastEventSerial });
  }
  const oldest = months.at(-1);
  if (oldest) {
    oldest.complete =
      page.files.length < limit || page.files.length >= (page.totalItems ?? Number.POSITIVE_INFINITY);
  }
  return months;
}

export function prefetchTimeline(): void {
  // Signed out, the page asks for nothing (the login wall stands in). Once per page load.
  if (!getAuthToken() || started) return;
  started = true;
  const job = fetchDefaultJob();
  const months = fetchMonths('default', 'all');
  const newest = fetchTiles('default', { types: TIMELINE_TYPES, limit: FIRST_PAGE_FILES }).then((page) => ({
    months: monthsOfPage(page, FIRST_PAGE_FILES),
    at: Date.now(),
  }));
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

/** The start-up page's files of month `key` (filter 'all'), once, if the page held that month. */
export async function takeEarlyMonth(key: MonthKey): Promise<EarlyMonth | undefined> {
  const { newest } = early;
  if (!newest) return undefined;
  const page = await newest.catch(() => null);
  if (!page || Date.now() - page.at > EARLY_MONTHS_FRESH_MS) {
    early.newest = undefined;
    return undefined;
  }
  const index = page.months.findIndex((month) => month.key === key);
  return index < 0 ? undefined : page.months.splice(index, 1)[0];
}
