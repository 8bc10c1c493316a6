import type { Album } from '@nordlys/contract/album';
import { describe, expect, it } from 'vitest';
import { canConfirm, pickableAlbums } from './album-picker.rules';

const albums = [
  { id: 'a', name: 'Summer' },
  { id: 'b', name: 'Winter' },
] as Album[];

describe('album picker rules', () => {
  it('leaves the current album out of the targets', () => {
    expect(pickableAlbums(albums, 'a').map((album) => album.id)).toEqual(['b']);
    expect(pickableAlbums(albums, null)).toHaveLength(2);
  });

  it('enables Done only with a choice that is on the list', () => {
    expect(canConfirm(null, albums)).toBe(false);
    expect(canConfirm({ kind: 'new' }, albums)).toBe(true);
    expect(canConfirm({ kind: 'album', album: albums[1]! }, albums)).toBe(true);
    expect(canConfirm({ kind: 'album', album: { id: 'gone', name: 'x' } as Album }, albums)).toBe(false);
  });
});
