import {
  ALBUM_LIST_FILTERS,
  ALBUM_LIST_SORTS,
  type AlbumListFilter,
  type AlbumListSort,
} from '@nordlys/contract/album';

/** core.md §2 "Albums list": filter, sort and search over the user's albums. Pure. */
export const isAlbumFilter = (value: unknown): value is AlbumListFilter =>
  typeof value === 'string' && (ALBUM_LIST_FILTERS as readonly string[]).includes(value);
export const isAlbumSort = (value: unknown): value is AlbumListSort =>
  typeof value === 'string' && (ALBUM_LIST_SORTS as readonly string[]).includes(value);

/** The fields of an album the list looks at. */
export interface ListedAlbum {
  id: string;
  title: string;
  isShared: boolean;
  /** Epoch seconds. */
  ctime: number;
  /** The album's last activity, epoch seconds. */
  lastUpdate: number;
}

/** Lower-cased without diacritics, so 'tromso' finds 'Tromsø' and 'aero' finds 'Ærø'. */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ø/gi, 'o')
    .replace(/æ/gi, 'ae')
    .toLocaleLowerCase('en')
    .trim();
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

const COMPARE: Record<AlbumListSort, (a: ListedAlbum, b: ListedAlbum) => number> = {
  RECENT_ACTIVITY: (a, b) => b.lastUpdate - a.lastUpdate,
  NEWEST_CREATED: (a, b) => b.ctime - a.ctime,
  OLDEST_CREATED: (a, b) => a.ctime - b.ctime,
  NAME: (a, b) => byName.compare(a.title, b.title),
};

export interface AlbumListQuery {
  search: string;
  filter: AlbumListFilter;
  sort: AlbumListSort;
}

/** The albums to show: those of the filter whose title holds every word searched, in the sort's order. */
export function visibleAlbums<A extends ListedAlbum>(albums: readonly A[], query: AlbumListQuery): A[] {
  const words = searchKey(query.search).split(/\s+/).filter(Boolean);
  const compare = COMPARE[query.sort];
  return albums
    .filter((album) => query.filter === 'all' || album.isShared === (query.filter === 'shared'))
    .filter((album) => {
      const title = searchKey(album.title);
      return words.every((word) => title.includes(word));
    })
    .sort((a, b) => compare(a, b) || byName.compare(a.title, b.title) || a.id.localeCompare(b.id));
}
