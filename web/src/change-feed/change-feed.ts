import { fetchChanges, fetchPoll } from '../api/job-feed.api';
import { createChangeFeed } from './change-feed.store';
import { type FeedEvent, toFeedEvents } from './feed-events.rules';

/** The app's one change feed. */
export const changeFeed = createChangeFeed({
  poll: (jobId, seq, signal, headers) => fetchPoll(jobId, seq, signal, headers),
  changes: (jobId, since, signal, headers) => fetchChanges(jobId, since, { signal, headers }),
});

export const subscribeChangeFeed = changeFeed.subscribe;
export const listenToChangeFeed = changeFeed.listen;

/**
 * A job's events after `since` read once, outside the long poll (a view catching up when the tab
 * regains focus, or one that does not follow the feed).
 */
export async function readFeedEvents(
  jobId: string,
  since: number,
): Promise<{ serial: number; events: FeedEvent[] }> {
  const feed = await fetchChanges(jobId, since);
  return { serial: feed.serial, events: toFeedEvents(feed.changes) };
}
