import type { TimelineJob } from '@nordlys/contract/file';
import { FILES_MAX_LIMIT } from '@nordlys/contract/timeline';
import { type MonthKey, monthKey, monthWindow } from '@nordlys/contract/timeline-month';
import { getAuthToken } from '../../api/session';
import { fetchDefaultJob, fetchMonths, fetchTiles, TIMELINE_TYPES } from '../../api/timeline.api';

type MonthsPage = Awaited<ReturnType<typeof fetchMonths>>;
type TilesPage = Awaited<ReturnType<typeof fetchTiles>>;

/**
 * The timeline's first reads (its job, the months of every file, the newest month's tiles),
 * started with its code when the app starts on the timeline (the route's preload), not once that
 * code has arrived and mounted: on a slow network they are answered while the page's code is
 * still coming in. Each is handed out once, to the first load; every later read goes to the server.
 */
let started = false;
let early: { job?: Promise<TimelineJob>; months?: Promise<MonthsPage>; newest?: Promise<NewestMonth> } = {};

interface NewestMonth {
  key: MonthKey;
  page: TilesPage;
}

export function prefetchTimeline(): void {
  // Signed out, the page asks for nothing (the login wall stands in). Once per page load.
  if (!getAuthToken() || started) return;
  started = true;
  const job = fetchDefaultJob();
  const months = fetchMonths('default', 'all');
  const newest = Promise.all([job, months]).then(
    async ([
      { id },
      {
        months: [first],
      },
    ]) => {
      if (!first) throw new Error('no month');
      const key = monthKey(first);
      const page = await fetchTiles(id, {
        ...monthWindow(key),
        types: TIMELINE_TYPES,
        limit: FILES_MAX_LIMIT,
      });
      return { key, page };
    },
  );
  // A failed early read fails its taker, which shows the error and retries; none is reported here.
  for (const read of [job, months, newest]) read.catch(() => undefined);
  early = { job, months, newest };
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

/** The early read of the newest month's tiles (filter 'all'), once, if `key` is that month. */
export async function takeEarlyMonth(key: MonthKey): Promise<TilesPage | undefined> {
  const { newest } = early;
  if (!newest) return undefined;
  early.newest = undefined;
  const read = await newest.catch(() => undefined);
  return read?.key === key ? read.page : undefined;
}
