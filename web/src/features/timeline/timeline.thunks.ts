import { CHANGE_FILE_REMOVED } from '@nordlys/contract/timeline';
import { fetchChanges, fetchDefaultJob, fetchMonths, fetchRecents, fetchTiles } from '../../api/timeline.api';
import { selectionActions } from './selection.slice';
import { type TimelineRootState, timelineActions } from './timeline.slice';
import {
  filesTypesOf,
  isRecentsFilter,
  monthsFilterOf,
  recentsDays,
  type TimelineFilterId,
} from './timeline-filter';
import { takeEarlyJob, takeEarlyMonths } from './timeline-prefetch';

type Dispatch = (action: { type: string }) => unknown;
type GetState = () => unknown;
const timelineOf = (getState: GetState) => (getState() as TimelineRootState).timeline;

const DAY_SECONDS = 86_400;

/** The job read in flight: the months and the recents, started together, share it. */
let resolving: Promise<string> | null = null;

/** Resolves the user's timeline job once. */
export async function resolveJob(dispatch: Dispatch, getState: GetState): Promise<string> {
  const known = timelineOf(getState).jobId;
  if (known) return known;
  resolving ??= (takeEarlyJob() ?? fetchDefaultJob()).then(
    (job) => {
      resolving = null;
      dispatch(timelineActions.jobResolved(job.id));
      return job.id;
    },
    (error: unknown) => {
      resolving = null;
      throw error;
    },
  );
  return resolving;
}

/** Counts first: the months list (or, for a recents filter, the recent files themselves). */
export async function loadTimeline(dispatch: Dispatch, getState: GetState, now = Date.now): Promise<void> {
  const filter: TimelineFilterId = timelineOf(getState).filter;
  dispatch(timelineActions.loadStarted());
  try {
    const jobId = await resolveJob(dispatch, getState);
    if (isRecentsFilter(filter)) {
      const since = Math.floor(now() / 1000) - recentsDays(filter) * DAY_SECONDS;
      const page = await fetchTiles(jobId, { uploadedSince: since, types: filesTypesOf(filter) });
      dispatch(
        timelineActions.recentFilesLoaded({
          filter,
          files: page.files,
          at: now(),
          serial: page.lastEventSerial,
        }),
      );
    } else {
      const early = filter === 'all' ? takeEarlyMonths() : undefined;
      const { months, lastEventSerial } = await (early ?? fetchMonths(jobId, monthsFilterOf(filter)));
      dispatch(timelineActions.monthsLoaded({ filter, months, serial: lastEventSerial }));
    }
  } catch {
    dispatch(timelineActions.loadFailed({ filter }));
  }
}

export async function loadRecents(dispatch: Dispatch, getState: GetState): Promise<void> {
  dispatch(timelineActions.recentsRequested());
  try {
    const jobId = await resolveJob(dispatch, getState);
    dispatch(timelineActions.recentsLoaded(await fetchRecents(jobId)));
  } catch {
    dispatch(timelineActions.recentsFailed());
  }
}

/**
 * Reads the job's change feed since the serial the loaded data reflects; removed files leave at
 * once, and any change refreshes the counts (which marks changed months for refetch).
 */
export async function pollChanges(
  dispatch: Dispatch,
  getState: GetState,
): Promise<{ applied: number; serial: number }> {
  const { jobId, serial } = timelineOf(getState);
  if (!jobId || serial === null) return { applied: 0, serial: serial ?? 0 };
  let feed: Awaited<ReturnType<typeof fetchChanges>>;
  try {
    feed = await fetchChanges(jobId, serial);
  } catch {
    return { applied: 0, serial };
  }
  if (feed.changes.length === 0) {
    dispatch(timelineActions.serialSeen(feed.serial));
    return { applied: 0, serial: feed.serial };
  }
  const removed = feed.changes.filter((c) => c.type === CHANGE_FILE_REMOVED).map((c) => c.id);
  if (removed.length > 0) {
    dispatch(timelineActions.filesRemoved(removed));
    dispatch(selectionActions.filesRemoved(removed));
  }
  dispatch(timelineActions.serialSeen(feed.serial));
  if (feed.changes.some((c) => c.type !== CHANGE_FILE_REMOVED)) {
    if (isRecentsFilter(timelineOf(getState).filter)) dispatch(timelineActions.sectionsInvalidated('all'));
    await loadTimeline(dispatch, getState);
  }
  return { applied: feed.changes.length, serial: feed.serial };
}
