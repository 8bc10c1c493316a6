import type { JobChange } from '@nordlys/contract/timeline';
import { describe, expect, it } from 'vitest';
import { planAlbumChanges } from './album-changes.rules';

let serial = 10;
const change = (type: number, id = 'f1', fields: Record<string, unknown> = {}): JobChange => ({
  serial: ++serial,
  type,
  id,
  fields,
});

describe('planAlbumChanges', () => {
  it('reads in added files, refreshes the storage counts and the album header', () => {
    const plan = planAlbumChanges([change(0, 'a'), change(0, 'b')], 10);
    expect(plan.added).toEqual(['a', 'b']);
    expect(plan.removed).toEqual([]);
    expect(plan.refreshStorage).toBe(true);
    expect(plan.rereadAlbum).toBe(true);
  });

  it('drops removed files without touching the storage counts', () => {
    const plan = planAlbumChanges([change(1, 'a')], 10);
    expect(plan.removed).toEqual(['a']);
    expect(plan.added).toEqual([]);
    expect(plan.refreshStorage).toBe(false);
  });

  it('keeps the last word on a file within one batch', () => {
    const plan = planAlbumChanges([change(0, 'a'), change(1, 'a'), change(1, 'b'), change(0, 'b')], 10);
    expect(plan.removed).toEqual(['a']);
    expect(plan.added).toEqual(['b']);
    // The storage counts moved when 'a' was added, even though it is gone again.
    expect(plan.refreshStorage).toBe(true);
  });

  it('re-reads the album for comments, event markers and reactions', () => {
    for (const type of [10, 11, 12]) {
      const plan = planAlbumChanges([change(type, 'x', { fileID: 'f1' })], 10);
      expect(plan).toMatchObject({ rereadAlbum: true, added: [], removed: [], refreshStorage: false });
    }
  });

  it('lists unknown types and otherwise ignores them', () => {
    const plan = planAlbumChanges([change(13), change(2)], 5);
    expect(plan.unknown).toEqual([13, 2]);
    expect(plan).toMatchObject({ rereadAlbum: false, outdated: false, added: [], removed: [] });
  });

  it('marks the album outdated only when a change is newer than the album as read', () => {
    const older = { serial: 4, type: 11, id: 'album', fields: {} };
    expect(planAlbumChanges([older], 4).outdated).toBe(false);
    expect(planAlbumChanges([{ ...older, serial: 5 }], 4).outdated).toBe(true);
    expect(planAlbumChanges([], 4).outdated).toBe(false);
  });
});
