import { describe, expect, it } from 'vitest';
import { firstScreenTiles, tileLoading, tileThumbArea, tileThumbUrl } from './tile-loading';

describe('tile thumbnail size', () => {
  it('takes the smallest size that covers the cell in device pixels', () => {
    expect(tileThumbArea(180, 1)).toBe(256);
    expect(tileThumbArea(256, 1)).toBe(256);
    expect(tileThumbArea(180, 1.25)).toBe(256);
    expect(tileThumbArea(180, 1.5)).toBe(512);
    expect(tileThumbArea(180, 2)).toBe(512);
    expect(tileThumbArea(176, 2)).toBe(512);
    expect(tileThumbArea(256, 2)).toBe(512);
    expect(tileThumbArea(180, 3)).toBe(1280);
    expect(tileThumbArea(194, 3)).toBe(1280);
  });

  it('counts whole device pixels at the boundaries', () => {
    // A cell stretched to 170.67 px at 1.5 is 256 device pixels: the small one covers it.
    expect(tileThumbArea(256 / 1.5, 1.5)).toBe(256);
    expect(tileThumbArea(257 / 1.5, 1.5)).toBe(512);
    expect(tileThumbArea(512 / 3, 3)).toBe(512);
    expect(tileThumbArea(513 / 3, 3)).toBe(1280);
  });

  it('takes the largest when nothing covers the cell', () => {
    expect(tileThumbArea(1000, 2)).toBe(1280);
  });

  it('picks the URL of that size, and the large one when a record has no tile', () => {
    const file = { thumbURLSmall: '/s', thumbURLTile: '/t', thumbURLLarge: '/l' };
    expect(tileThumbUrl(file, 180, 1)).toBe('/s');
    expect(tileThumbUrl(file, 180, 2)).toBe('/t');
    expect(tileThumbUrl(file, 180, 3)).toBe('/l');
    expect(tileThumbUrl({ ...file, thumbURLTile: null }, 180, 2)).toBe('/l');
    expect(tileThumbUrl({ thumbURLSmall: null, thumbURLTile: null, thumbURLLarge: null }, 180, 2)).toBeNull();
  });
});

describe('tile loading', () => {
  it("loads the first screen eagerly, the newest month's first few at high priority", () => {
    const eager = 14;
    expect([0, 1, 2, 3].map((i) => tileLoading(i, eager, true))).toEqual(['high', 'high', 'high', 'high']);
    expect([4, 13].map((i) => tileLoading(i, eager, true))).toEqual(['eager', 'eager']);
    expect(tileLoading(14, eager, true)).toBe('lazy');
  });

  it('loads a later month on the first screen eagerly, never at high priority, and the rest lazily', () => {
    expect([0, 3].map((i) => tileLoading(i, 4, false))).toEqual(['eager', 'eager']);
    expect(tileLoading(4, 4, false)).toBe('lazy');
    expect(tileLoading(0, 0, false)).toBe('lazy');
  });
});

describe('first screen tiles', () => {
  const metrics = { columns: 2, rowHeight: 180 };

  it('counts the rows that start above the bottom of the first screen', () => {
    // 812 px: the header (30) and rows at 30, 210, 390, 570, 750 — five rows start on screen.
    expect(firstScreenTiles({ top: 0, count: 100 }, metrics, 812)).toBe(10);
  });

  it('gives a small newest month all of its tiles, and the next month the rows left under it', () => {
    expect(firstScreenTiles({ top: 0, count: 3 }, metrics, 812)).toBe(3);
    // The next month starts at 390: its header to 420, then rows at 420, 600 and 780 start on screen.
    expect(firstScreenTiles({ top: 390, count: 100 }, metrics, 812)).toBe(6);
  });

  it('gives a month below the first screen none', () => {
    expect(firstScreenTiles({ top: 900, count: 100 }, metrics, 812)).toBe(0);
    expect(firstScreenTiles({ top: 0, count: 100 }, metrics, 0)).toBe(0);
  });
});
