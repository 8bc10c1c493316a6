import { describe, expect, it } from 'vitest';
import type { FeedEvent } from '../../change-feed/feed-events.rules';
import { planAlbumChanges } from './album-changes.rules';

let serial = 10;
const added = (fileId: string): FeedEvent => ({ kind: 'fileAdded', serial: ++serial, fileId });
const removed = (fileId: string): FeedEvent => ({ kind: 'fileRemoved', serial: ++serial, fileId });
const comment = (text: string, lastEditTimestamp: number | null = null): FeedEvent => ({
  kind: 'commentSet',
  serial: ++serial,
  commentId: 'c1',
  comment: { fileID: 'f1', comment: text, lastEditTimestamp },
});
const love = (reaction: string): FeedEvent => ({
  kind: 'reaction',
  serial: ++serial,
  reaction: { fileID: 'f1', user: 'u1', reaction, count: reaction ? 1 : 0 },
});

describe('planAlbumChanges', () => {
  it('reads in added files, refreshes the storage counts and the album header', () => {
    const plan = planAlbumChanges([added('a'), added('b')], 10);
    expect(plan.added).toEqual(['a', 'b']);
    expect(plan.removed).toEqual([]);
    expect(plan.refreshStorage).toBe(true);
    expect(plan.rereadAlbum).toBe(true);
  });

  it('drops removed files without touching the storage counts', () => {
    const plan = planAlbumChanges([removed('a')], 10);
    expect(plan.removed).toEqual(['a']);
    expect(plan.added).toEqual([]);
    expect(plan.refreshStorage).toBe(false);
  });

  it('keeps the last word on a file within one batch', () => {
    const plan = planAlbumChanges([added('a'), removed('a'), removed('b'), added('b')], 10);
    expect(plan.removed).toEqual(['a']);
    expect(plan.added).toEqual(['b']);
    // The storage counts moved when 'a' was added, even though it is gone again.
    expect(plan.refreshStorage).toBe(true);
  });

  it('re-reads the album when the album itself changed', () => {
    const plan = planAlbumChanges([{ kind: 'albumChanged', serial: ++serial }], 10);
    expect(plan).toMatchObject({ rereadAlbum: true, added: [], removed: [], refreshStorage: false });
  });

  it('moves the comment and love counts without re-reading the album', () => {
    const plan = planAlbumChanges(
      [comment('new'), comment('another'), comment('edited', 1_700_000_000), comment(''), love('love')],
      10,
    );
    expect(plan).toMatchObject({
      rereadAlbum: false,
      outdated: false,
      counts: { comments: 1, reactions: 1 },
    });
    expect(planAlbumChanges([love('')], 10).counts).toEqual({ comments: 0, reactions: -1 });
  });

  it('marks the album outdated only when a change is newer than the album as read', () => {
    const older: FeedEvent = { kind: 'albumChanged', serial: 4 };
    expect(planAlbumChanges([older], 4).outdated).toBe(false);
    expect(planAlbumChanges([{ ...older, serial: 5 }], 4).outdated).toBe(true);
    expect(planAlbumChanges([], 4).outdated).toBe(false);
  });
});
