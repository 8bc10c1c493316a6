import type { PollReply } from '@nordlys/contract/job-changes';
import type { JobChanges } from '@nordlys/contract/timeline';
import { eventsAfter, type FeedBatch, type FeedEvent, toFeedEvents } from './feed-events.rules';
import { startJobSyncer } from './job-syncer';

/** How the store reaches the server: the long poll (which brings the changes) and a plain read. */
export interface FeedTransport {
  poll(jobId: string, seq: number, signal: AbortSignal, headers: Record<string, string>): Promise<PollReply>;
  changes(
    jobId: string,
    since: number,
    signal: AbortSignal,
    headers: Record<string, string>,
  ): Promise<JobChanges>;
}

export interface FeedSubscription {
  jobId: string;
  /** The serial the subscriber already shows; read at each wake, as a view that reloads moves it. */
  seq: () => number;
  /** Sent with the feed's requests (an album's password, a guest's token). */
  headers?: () => Record<string, string> | undefined;
  /**
   * This wake's events the subscriber has not seen, oldest first, and the serial the job's feed
   * now stands at; never called with no events.
   */
  onEvents: (events: FeedEvent[], serial: number) => void;
  /** The feed's requests for the job started failing; told once until one succeeds again. */
  onFailed?: () => void;
}

interface Subscriber extends FeedSubscription {
  reached: number;
  failing: boolean;
}

/**
 * The change feed: one store per job, holding where the job's feed stands, with one long poll
 * for it however many views subscribe; each wake is one request, its changes read once into
 * typed events and handed to every subscriber of the job.
 *
 * One job is fed at a time (core.md §4): the job of the newest subscriber. The subscribers stay
 * stacked, so when the newest goes away the job beneath (the timeline under an album) is fed
 * again from where its views stand.
 */
export function createChangeFeed(transport: FeedTransport) {
  const stack: Subscriber[] = [];
  const listeners = new Set<(batch: FeedBatch) => void>();
  /** The job being fed, and the serial its loop stands at. */
  let running: { jobId: string; at: number; stop: () => void } | null = null;

  const subscribersOf = (jobId: string) => stack.filter((sub) => sub.jobId === jobId);
  const standing = (sub: Subscriber) => Math.max(sub.seq(), sub.reached);
  const sinceOf = (jobId: string) => Math.min(...subscribersOf(jobId).map(standing));
  const headersOf = (jobId: string) =>
    Object.assign({}, ...subscribersOf(jobId).map((sub) => sub.headers?.() ?? {})) as Record<string, string>;

  function deliver(jobId: string, feed: JobChanges): { applied: number; serial: number } {
    const events = toFeedEvents(feed.changes);
    for (const sub of subscribersOf(jobId)) {
      const unseen = eventsAfter(events, standing(sub));
      sub.reached = Math.max(sub.reached, feed.serial);
      if (unseen.length === 0) continue;
      try {
        sub.onEvents(unseen, feed.serial);
      } catch (error) {
        // One view failing to apply must not keep the others or the loop from going on.
        console.error(error);
      }
    }
    if (running?.jobId === jobId) running.at = Math.max(running.at, feed.serial);
    const batch: FeedBatch = { jobId, serial: feed.serial, events };
    for (const listener of listeners) listener(batch);
    return { applied: feed.changes.length, serial: feed.serial };
  }

  function failed(jobId: string, signal: AbortSignal): void {
    if (signal.aborted) return;
    for (const sub of subscribersOf(jobId)) {
      if (sub.failing) continue;
      sub.failing = true;
      sub.onFailed?.();
    }
  }

  function succeeded(jobId: string): void {
    for (const sub of subscribersOf(jobId)) sub.failing = false;
  }

  /** Runs one of the feed's requests, telling the job's subscribers when it fails. */
  async function request<T>(jobId: string, signal: AbortSignal, send: () => Promise<T>): Promise<T> {
    try {
      const answer = await send();
      succeeded(jobId);
      return answer;
    } catch (error) {
      failed(jobId, signal);
      throw error;
    }
  }

  function stopRunning(): void {
    running?.stop();
    running = null;
  }

  /** Feeds the top subscriber's job, from where its least current view stands. */
  function refocus(): void {
    const top = stack.at(-1);
    if (!top) {
      stopRunning();
      return;
    }
    const since = sinceOf(top.jobId);
    // A view that joins behind where the loop stands is fed from its own serial.
    if (running && running.jobId === top.jobId && running.at <= since) return;
    stopRunning();
    const { jobId } = top;
    running = {
      jobId,
      at: since,
      stop: startJobSyncer(jobId, since, {
        poll: (id, seq, signal) =>
          request(jobId, signal, () => transport.poll(id, seq, signal, headersOf(jobId))),
        apply: async (reply) => deliver(jobId, reply),
        lookup: async (signal) =>
          deliver(
            jobId,
            await request(jobId, signal, () =>
              transport.changes(jobId, sinceOf(jobId), signal, headersOf(jobId)),
            ),
          ),
      }),
    };
  }

  return {
    /** Subscribes a view to its job's events; returns the unsubscribe. */
    subscribe(subscription: FeedSubscription): () => void {
      const sub: Subscriber = { ...subscription, reached: subscription.seq(), failing: false };
      stack.push(sub);
      refocus();
      return () => {
        const at = stack.indexOf(sub);
        if (at < 0) return;
        stack.splice(at, 1);
        if (running && subscribersOf(running.jobId).length > 0 && stack.at(-1)?.jobId === running.jobId)
          return;
        stopRunning();
        refocus();
      };
    },

    /** Every job's wakes, for a cache that drops what the events touch. */
    listen(listener: (batch: FeedBatch) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
