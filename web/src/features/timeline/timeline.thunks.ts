import { fetchDefaultJob, fetchMonths, fetchRecents, fetchTiles } from '../../api/timeline.api';
import type { FeedEvent } from '../../change-feed/feed-events.rules';
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
 * Applies the job's change events up to `serial`: removed files leave at once, and any other
 * change refreshes the counts (which marks changed months for refetch).
 */
export async function applyTimelineEvents(
  dispatch: Dispatch,
  getState: GetState,
  events: readonly FeedEvent[],
  serial: number,
): Promise<void> {
  const removed = events.flatMap((event) => (event.kind === 'fileRemoved' ? [event.fileId] : []));
  if (removed.length > 0) {
    dispatch(timelineActions.filesRemoved(removed));
    dispatch(selectionActions.filesRemoved(removed));
  }
  dispatch(timelineActions.serialSeen(serial));
  if (events.some((event) => event.kind !== 'fileRemoved')) {
    if (isRecentsFilter(timelineOf(getState).filter)) dispatch(timelineActions.sectionsInvalidated('all'));
    await loadTimeline(dispatch, getState);
  }
}

/**
 * Reads the job's changes since the serial the loaded data reflects, outside the long poll (on
 * arrival, when the tab regains focus, and in the picker, which does not follow the feed).
 */
export async function pollChanges(dispatch: Dispatch, getState: GetState): Promise<void> {
  const { jobId, serial } = timelineOf(getState);
  if (!jobId || serial === null) return;
  let feed: { serial: number; events: FeedEvent[] };
  try {
    // The feed's code is loaded with the first read, not with the timeline's first load.
    const { readFeedEvents } = await import('../../change-feed/change-feed');
    feed = await readFeedEvents(jobId, serial);
  } catch {
    return;
  }
  await applyTimelineEvents(dispatch, getState, feed.events, feed.serial);
}
