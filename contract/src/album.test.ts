import { describe, expect, it } from 'vitest';
import {
  ALBUM_PERMISSION_COMMENTS,
  ALBUM_PERMISSION_UPLOADS,
  albumPermissions,
  commentsAllowed,
  flagValue,
  normaliseAlbumTitle,
  uploadsAllowed,
} from './album';

describe('album rules', () => {
  it('uses bit 1 for comments and bit 2 for uploads', () => {
    expect(ALBUM_PERMISSION_COMMENTS).toBe(1);
    expect(ALBUM_PERMISSION_UPLOADS).toBe(2);
    expect(albumPermissions({ comments: true, uploads: false })).toBe(1);
    expect(albumPermissions({ comments: false, uploads: true })).toBe(2);
    expect(albumPermissions({ comments: true, uploads: true })).toBe(3);
    expect(albumPermissions({ comments: false, uploads: false })).toBe(0);
  });

  it('reads a missing bitmask as everything allowed', () => {
    expect(commentsAllowed(undefined)).toBe(true);
    expect(uploadsAllowed(undefined)).toBe(true);
    expect(commentsAllowed(2)).toBe(false);
    expect(uploadsAllowed(2)).toBe(true);
    expect(uploadsAllowed(1)).toBe(false);
  });

  it('reads 0/1 flags in all their spellings', () => {
    expect([true, 1, '1'].map((flag) => flagValue(flag as never, false))).toEqual([true, true, true]);
    expect([false, 0, '0'].map((flag) => flagValue(flag as never, true))).toEqual([false, false, false]);
    expect(flagValue(undefined, true)).toBe(true);
  });

  it('trims titles and caps them at 255 characters', () => {
    expect(normaliseAlbumTitle('  Summer  ')).toBe('Summer');
    expect(normaliseAlbumTitle(`${'a'.repeat(300)}`)).toHaveLength(255);
    expect(normaliseAlbumTitle('   ')).toBe('');
  });
});
