import { describe, expect, it } from 'vitest';
import { albumFileSortOf, sortAlbumFiles } from './album-files-sort';

const file = (fileID: string, timestamp: number, uploadedTime: number) => ({
  fileID,
  timestamp,
  uploadedTime,
});
const FILES = [file('old-added-late', 100, 900), file('new-added-early', 500, 200), file('mid', 300, 500)];
const order = (sort: Parameters<typeof sortAlbumFiles>[1]) =>
  sortAlbumFiles(FILES, sort).map((f) => f.fileID);

describe('album file sort', () => {
  it('orders recently added first, oldest taken first or newest taken first', () => {
    expect(order('ADDED')).toEqual(['old-added-late', 'mid', 'new-added-early']);
    expect(order('OLDEST_TAKEN')).toEqual(['old-added-late', 'mid', 'new-added-early']);
    expect(order('NEWEST_TAKEN')).toEqual(['new-added-early', 'mid', 'old-added-late']);
  });

  it('reads the saved sort_order, defaulting to ADDED', () => {
    expect(albumFileSortOf('NEWEST_TAKEN')).toBe('NEWEST_TAKEN');
    expect(albumFileSortOf(undefined)).toBe('ADDED');
    expect(albumFileSortOf('sideways')).toBe('ADDED');
  });

  it('does not change the list it was given', () => {
    const copy = [...FILES];
    sortAlbumFiles(FILES, 'NEWEST_TAKEN');
    expect(FILES).toEqual(copy);
  });
});
