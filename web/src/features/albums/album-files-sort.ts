import { ALBUM_FILE_SORTS, type AlbumFileSort, DEFAULT_ALBUM_FILE_SORT } from '@nordlys/contract/album';

/** core.md §2 "Album page": the order of an album's files, saved as the album's sort_order. Pure. */
export const albumFileSortOf = (value: unknown): AlbumFileSort =>
  typeof value === 'string' && (ALBUM_FILE_SORTS as readonly string[]).includes(value)
    ? (value as AlbumFileSort)
    : DEFAULT_ALBUM_FILE_SORT;

interface SortableFile {
  fileID: string;
  /** Capture time (else mtime), epoch seconds. */
  timestamp: number;
  /** When it entered the album, epoch seconds. */
  uploadedTime: number;
}

const COMPARE: Record<AlbumFileSort, (a: SortableFile, b: SortableFile) => number> = {
  // Recently added first.
  ADDED: (a, b) => b.uploadedTime - a.uploadedTime || b.timestamp - a.timestamp,
  OLDEST_TAKEN: (a, b) => a.timestamp - b.timestamp,
  NEWEST_TAKEN: (a, b) => b.timestamp - a.timestamp,
};

export function sortAlbumFiles<F extends SortableFile>(files: readonly F[], sort: AlbumFileSort): F[] {
  const compare = COMPARE[sort];
  return [...files].sort((a, b) => compare(a, b) || a.fileID.localeCompare(b.fileID));
}
