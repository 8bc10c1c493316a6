import { useEffect, useRef } from 'react';
import type { FeedEvent } from './feed-events.rules';

export type { FeedBatch, FeedEvent, FeedEventKind } from './feed-events.rules';

/**
 * The feed's store and its requests load when the first view subscribes, not with the view: a view
 * subscribes only once it has loaded, so the first load (the timeline's) does not carry them.
 */
let feedModule: Promise<typeof import('./change-feed')> | undefined;
const loadFeed = () => {
  feedModule ??= import('./change-feed');
  return feedModule;
};

export interface ChangeFeedOptions {
  /** The serial the view shows; null until it has loaded (nothing is subscribed until then). */
  seq: number | null;
  /** Sent with the feed's requests (an album's password, a guest's token). */
  headers?: Record<string, string>;
}

/**
 * Keeps a view of a job current while it is shown: `onEvents` gets each wake's events the view
 * has not seen. The newest view to subscribe decides which job is fed; its unmount hands the feed
 * back to the view beneath.
 */
export function useChangeFeed(
  jobId: string | null,
  options: ChangeFeedOptions,
  onEvents: (events: FeedEvent[], serial: number) => void,
  /** The feed's requests started failing: told once until one succeeds again. */
  onFailed?: () => void,
): void {
  const onEventsRef = useRef(onEvents);
  onEventsRef.current = onEvents;
  const onFailedRef = useRef(onFailed);
  onFailedRef.current = onFailed;
  const headersRef = useRef(options.headers);
  headersRef.current = options.headers;
  const seqRef = useRef(options.seq);
  seqRef.current = options.seq;
  const ready = jobId !== null && options.seq !== null;
  useEffect(() => {
    if (!ready || jobId === null) return;
    let unsubscribe: (() => void) | undefined;
    let gone = false;
    // Views subscribe in the order their effects ran: the module's promise settles them in that order.
    void loadFeed().then(({ subscribeChangeFeed }) => {
      if (gone) return;
      unsubscribe = subscribeChangeFeed({
        jobId,
        seq: () => seqRef.current ?? 0,
        headers: () => headersRef.current,
        onEvents: (events, serial) => onEventsRef.current(events, serial),
        onFailed: () => onFailedRef.current?.(),
      });
    });
    return () => {
      gone = true;
      unsubscribe?.();
    };
  }, [jobId, ready]);
}
