import { fetchChanges, fetchPoll } from '../api/job-feed.api';
import { createChangeFeed } from './change-feed.store';

/** The app's one change feed. */
export const changeFeed = createChangeFeed({
  poll: (jobId, seq, signal, headers) => fetchPoll(jobId, seq, signal, headers),
  changes: (jobId, since, signal, headers) => fetchChanges(jobId, since, { signal, headers }),
});

export const subscribeChangeFeed = changeFeed.subscribe;
export const listenToChangeFeed = changeFeed.listen;
