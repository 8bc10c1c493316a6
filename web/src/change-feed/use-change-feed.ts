import { useEffect, useRef } from 'react';
import { subscribeChangeFeed } from './change-feed';
import type { FeedEvent } from './feed-events.rules';

export type { FeedBatch, FeedEvent, FeedEventKind } from './feed-events.rules';

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
    return subscribeChangeFeed({
      jobId,
      seq: () => seqRef.current ?? 0,
      headers: () => headersRef.current,
      onEvents: (events, serial) => onEventsRef.current(events, serial),
      onFailed: () => onFailedRef.current?.(),
    });
  }, [jobId, ready]);
}
