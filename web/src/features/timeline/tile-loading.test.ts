import { describe, expect, it } from 'vitest';
import { tileLoading, tileThumbArea, tileThumbUrl } from './tile-loading';

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
  it('loads the first row of the first month eagerly, its first few at high priority', () => {
    const columns = 7;
    expect([0, 1, 2, 3].map((i) => tileLoading(i, columns, true))).toEqual(['high', 'high', 'high', 'high']);
    expect([4, 5, 6].map((i) => tileLoading(i, columns, true))).toEqual(['eager', 'eager', 'eager']);
    expect(tileLoading(7, columns, true)).toBe('lazy');
  });

  it('leaves later months lazy, and a narrow first row at its own width', () => {
    expect(tileLoading(0, 7, false)).toBe('lazy');
    expect([0, 1, 2].map((i) => tileLoading(i, 2, true))).toEqual(['high', 'high', 'lazy']);
  });
});
