import {
  CHANGE_COMMENT,
  CHANGE_EVENT_MARKER,
  CHANGE_FILE_ADDED,
  CHANGE_FILE_REMOVED,
  CHANGE_REACTION,
  type CommentChangeFields,
  type ReactionChangeFields,
} from '@nordlys/contract/job-changes';
import type { JobChange } from '@nordlys/contract/timeline';

/**
 * What a job's change feed tells its views (core.md §4), read once from the wire's change codes
 * (contract/job-changes.ts) so no view interprets a code itself. Each event keeps the serial it
 * came with: a view that loaded later than the feed's start skips what it already shows.
 */
export type FeedEvent =
  | { kind: 'fileAdded'; serial: number; fileId: string }
  | { kind: 'fileRemoved'; serial: number; fileId: string }
  /** A comment written, edited or (with an empty `comment`) deleted. */
  | { kind: 'commentSet'; serial: number; commentId: string; comment: CommentChangeFields }
  | { kind: 'reaction'; serial: number; reaction: ReactionChangeFields }
  /** Something about the job itself (name, cover, settings): read it again. */
  | { kind: 'albumChanged'; serial: number };

export type FeedEventKind = FeedEvent['kind'];

/** One wake's events, oldest first; the serial is where the feed now stands for the job. */
export interface FeedBatch {
  jobId: string;
  serial: number;
  events: FeedEvent[];
}

/** The wire's changes as events; a code this client does not know is logged and left out. */
export function toFeedEvents(changes: readonly JobChange[]): FeedEvent[] {
  const events: FeedEvent[] = [];
  for (const change of changes) {
    const { serial } = change;
    switch (change.type) {
      case CHANGE_FILE_ADDED:
        events.push({ kind: 'fileAdded', serial, fileId: change.id });
        break;
      case CHANGE_FILE_REMOVED:
        events.push({ kind: 'fileRemoved', serial, fileId: change.id });
        break;
      case CHANGE_COMMENT:
        events.push({
          kind: 'commentSet',
          serial,
          commentId: change.id,
          comment: change.fields as unknown as CommentChangeFields,
        });
        break;
      case CHANGE_REACTION:
        events.push({ kind: 'reaction', serial, reaction: change.fields as unknown as ReactionChangeFields });
        break;
      case CHANGE_EVENT_MARKER:
        events.push({ kind: 'albumChanged', serial });
        break;
      default:
        console.warn(`change type ${change.type} is not known; ignored`);
    }
  }
  return events;
}

/** The events a subscriber that already shows everything up to `reached` has not seen. */
export const eventsAfter = (events: readonly FeedEvent[], reached: number): FeedEvent[] =>
  events.filter((event) => event.serial > reached);
