import {
  CHANGE_COMMENT,
  CHANGE_EVENT_MARKER,
  CHANGE_FILE_ADDED,
  CHANGE_FILE_REMOVED,
  CHANGE_REACTION,
} from '@nordlys/contract/job-changes';
import type { JobChange } from '@nordlys/contract/timeline';

/**
 * What a batch of the album's change feed (core.md §4 Job change feed) asks of the open album.
 * Pure: the album page performs it.
 */
export interface AlbumChangePlan {
  /** Files to drop from the grid (removed, and not added again later in the batch). */
  removed: string[];
  /** Files to read in (added, and not removed again later in the batch). */
  added: string[];
  /** The album's header (counts, cover, name, settings) is to be read again. */
  rereadAlbum: boolean;
  /** A file was added: the storage counts are refreshed too. */
  refreshStorage: boolean;
  /** A change is newer than the album as last read: it is only partially fetched until re-read. */
  outdated: boolean;
  /** Types this client does not know: logged and ignored. */
  unknown: number[];
}

const KNOWN = new Set([
  CHANGE_FILE_ADDED,
  CHANGE_FILE_REMOVED,
  CHANGE_COMMENT,
  CHANGE_EVENT_MARKER,
  CHANGE_REACTION,
]);

/** `albumSerial` is the serial the album record answered (its last_serial). */
export function planAlbumChanges(changes: readonly JobChange[], albumSerial: number): AlbumChangePlan {
  // The last word on each file wins: added then removed in one batch is removed.
  const files = new Map<string, 'added' | 'removed'>();
  const unknown: number[] = [];
  let known = 0;
  let newest = Number.NEGATIVE_INFINITY;
  for (const change of changes) {
    if (!KNOWN.has(change.type)) {
      unknown.push(change.type);
      continue;
    }
    known += 1;
    newest = Math.max(newest, change.serial);
    if (change.type === CHANGE_FILE_ADDED) files.set(change.id, 'added');
    else if (change.type === CHANGE_FILE_REMOVED) files.set(change.id, 'removed');
  }
  const idsWith = (state: 'added' | 'removed') =>
    [...files].filter(([, last]) => last === state).map(([id]) => id);
  const added = idsWith('added');
  return {
    removed: idsWith('removed'),
    added,
    rereadAlbum: known > 0,
    refreshStorage: changes.some((change) => change.type === CHANGE_FILE_ADDED),
    outdated: known > 0 && newest > albumSerial,
    unknown,
  };
}
