import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ListedAlbum, searchKey, visibleAlbums } from './albums-list';

const album = (
  id: string,
  title: string,
  isShared: boolean,
  ctime: number,
  lastUpdate: number,
): ListedAlbum => ({
  id,
  title,
  isShared,
  ctime,
  lastUpdate,
});
const ALBUMS = [
  album('a', 'Tromsø 2024', true, 100, 900),
  album('b', 'barbecue', false, 300, 400),
  album('c', 'Album 10', false, 200, 700),
  album('d', 'Album 9', true, 400, 100),
];
const ids = (list: ListedAlbum[]) => list.map((entry) => entry.id);
const all = { search: '', filter: 'all', sort: 'RECENT_ACTIVITY' } as const;

describe('albums list', () => {
  it('sorts by recent activity by default, then by creation or name', () => {
    expect(ids(visibleAlbums(ALBUMS, all))).toEqual(['a', 'c', 'b', 'd']);
    expect(ids(visibleAlbums(ALBUMS, { ...all, sort: 'NEWEST_CREATED' }))).toEqual(['d', 'b', 'c', 'a']);
    expect(ids(visibleAlbums(ALBUMS, { ...all, sort: 'OLDEST_CREATED' }))).toEqual(['a', 'c', 'b', 'd']);
    // Case-insensitive, numbers in numeric order.
    expect(ids(visibleAlbums(ALBUMS, { ...all, sort: 'NAME' }))).toEqual(['d', 'c', 'b', 'a']);
  });

  it('filters shared and private albums', () => {
    expect(ids(visibleAlbums(ALBUMS, { ...all, filter: 'shared' }))).toEqual(['a', 'd']);
    expect(ids(visibleAlbums(ALBUMS, { ...all, filter: 'private' }))).toEqual(['c', 'b']);
  });

  it('searches every word, ignoring case and diacritics', () => {
    expect(ids(visibleAlbums(ALBUMS, { ...all, search: 'TROMSO' }))).toEqual(['a']);
    expect(ids(visibleAlbums(ALBUMS, { ...all, search: ' album  9 ' }))).toEqual(['d']);
    expect(ids(visibleAlbums(ALBUMS, { ...all, search: 'album', filter: 'private' }))).toEqual(['c']);
    expect(visibleAlbums(ALBUMS, { ...all, search: 'paris' })).toEqual([]);
    expect(searchKey('Ærø Ålesund')).toBe('aero alesund');
  });

  it('never loses or invents an album, and the filters partition the list', () => {
    const arbitraryAlbum = fc.record({
      id: fc.uuid(),
      title: fc.string(),
      isShared: fc.boolean(),
      ctime: fc.nat(),
      lastUpdate: fc.nat(),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitraryAlbum, { selector: (entry) => entry.id }),
        fc.constantFrom('RECENT_ACTIVITY', 'NEWEST_CREATED', 'OLDEST_CREATED', 'NAME' as const),
        (albums, sort) => {
          const shown = visibleAlbums(albums, { ...all, sort });
          expect(new Set(ids(shown))).toEqual(new Set(ids(albums)));
          const shared = visibleAlbums(albums, { ...all, sort, filter: 'shared' });
          const priv = visibleAlbums(albums, { ...all, sort, filter: 'private' });
          expect(shared.length + priv.length).toBe(albums.length);
          expect(visibleAlbums(shown, { ...all, sort })).toEqual(shown);
        },
      ),
    );
  });
});
