import type { FeedEvent } from '../../change-feed/feed-events.rules';

/**
 * What a batch of the album's change feed (core.md §4 Job change feed) asks of the open album.
 * Pure: the album page performs it.
 */
export interface AlbumChangePlan {
  /** Files to drop from the grid (removed, and not added again later in the batch). */
  removed: string[];
  /** Files to read in (added, and not removed again later in the batch). */
  added: string[];
  /** The album's header (file count, cover, name, settings) is to be read again. */
  rereadAlbum: boolean;
  /** A file was added: the storage counts are refreshed too. */
  refreshStorage: boolean;
  /** A change that re-reads the album is newer than the album as last read: partially fetched until then. */
  outdated: boolean;
  /**
   * How far the header's comment and love counts moved. A comment or a love changes nothing
   * else the page shows, so it moves the counts instead of re-reading the album.
   */
  counts: { comments: number; reactions: number };
}

/** A new comment has no edit time; an edit keeps the count; an empty comment was deleted. */
function commentCountStep(event: Extract<FeedEvent, { kind: 'commentSet' }>): number {
  if (event.comment.comment === '') return -1;
  return event.comment.lastEditTimestamp ? 0 : 1;
}

/** `albumSerial` is the serial the album record answered (its last_serial). */
export function planAlbumChanges(events: readonly FeedEvent[], albumSerial: number): AlbumChangePlan {
  // The last word on each file wins: added then removed in one batch is removed.
  const files = new Map<string, 'added' | 'removed'>();
  const counts = { comments: 0, reactions: 0 };
  let rereadAlbum = false;
  let newest = Number.NEGATIVE_INFINITY;
  for (const event of events) {
    if (event.kind === 'commentSet') {
      counts.comments += commentCountStep(event);
      continue;
    }
    if (event.kind === 'reaction') {
      counts.reactions += event.reaction.reaction ? 1 : -1;
      continue;
    }
    rereadAlbum = true;
    newest = Math.max(newest, event.serial);
    if (event.kind === 'fileAdded') files.set(event.fileId, 'added');
    else if (event.kind === 'fileRemoved') files.set(event.fileId, 'removed');
  }
  const idsWith = (state: 'added' | 'removed') =>
    [...files].filter(([, last]) => last === state).map(([id]) => id);
  return {
    removed: idsWith('removed'),
    added: idsWith('added'),
    rereadAlbum,
    refreshStorage: events.some((event) => event.kind === 'fileAdded'),
    outdated: rereadAlbum && newest > albumSerial,
    counts,
  };
}
