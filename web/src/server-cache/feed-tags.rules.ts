import type { FeedBatch } from '../change-feed/feed-events.rules';

export type FeedTag =
  | { type: 'Comments'; id: string }
  | { type: 'AlbumFiles'; id: string }
  | { type: 'Album'; id: string }
  | 'AlbumList';

/** The key of a file's comments in the cache: comment ids are unique per file only within a job. */
export const commentsTagId = (albumId: string, fileId: string) => `${albumId}/${fileId}`;

/**
 * What one wake of a job's feed makes stale in the cache: a comment set → that file's comments;
 * a file added or removed → the album's files (and its count and cover in the list); the album
 * changed → the album and the list. A reaction carries its new count and touches nothing read here.
 */
export function tagsTouched({ jobId, events }: FeedBatch): FeedTag[] {
  const tags = new Map<string, FeedTag>();
  const add = (key: string, tag: FeedTag) => tags.set(key, tag);
  for (const event of events) {
    switch (event.kind) {
      case 'commentSet': {
        const id = commentsTagId(jobId, event.comment.fileID);
        add(`Comments:${id}`, { type: 'Comments', id });
        break;
      }
      case 'fileAdded':
      case 'fileRemoved':
        add('AlbumFiles', { type: 'AlbumFiles', id: jobId });
        add('AlbumList', 'AlbumList');
        break;
      case 'albumChanged':
        add('Album', { type: 'Album', id: jobId });
        add('AlbumList', 'AlbumList');
        break;
      case 'reaction':
        break;
    }
  }
  return [...tags.values()];
}
