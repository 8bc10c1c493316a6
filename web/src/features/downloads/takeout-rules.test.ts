import { describe, expect, it } from 'vitest';
import {
  albumsWithFiles,
  isMobileDevice,
  readVisited,
  takeoutFileCount,
  writeVisited,
} from './takeout-rules';

describe('takeout rules', () => {
  it('tells phones and tablets from desktops', () => {
    expect(isMobileDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile Safari/537.36')).toBe(
      true,
    );
    expect(
      isMobileDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36'),
    ).toBe(false);
  });

  it('counts pictures and videos, and lists albums with files only', () => {
    expect(takeoutFileCount({ picture_count: 3, video_count: 2 })).toBe(5);
    expect(
      albumsWithFiles([
        { id: 'a', media_count: 0 },
        { id: 'b', media_count: 1 },
      ]),
    ).toEqual([{ id: 'b', media_count: 1 }]);
  });

  it('keeps the visited marks in storage and survives a broken value', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    writeVisited(storage, new Set(['x', 'y']));
    expect([...readVisited(storage)]).toEqual(['x', 'y']);
    data.set('nordlys.takeout.visited', '{not json');
    expect(readVisited(storage).size).toBe(0);
    expect(readVisited(null).size).toBe(0);
  });
});
