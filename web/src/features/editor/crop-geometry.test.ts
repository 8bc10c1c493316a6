import { describe, expect, it } from 'vitest';
import {
  cropFromPixels,
  cropToPixels,
  dragCorner,
  fitAspect,
  MIN_CROP,
  moveCrop,
  outputSize,
  ratioAspect,
  turnedSize,
} from './crop-geometry';
import { INITIAL_EDIT_STATE } from './engine/edit-state';

const FULL = { left: 0, top: 0, width: 1, height: 1 };
const LANDSCAPE = { width: 1600, height: 1200 };

describe('crop geometry', () => {
  it('knows the ratios as pixel aspects', () => {
    expect(ratioAspect('free')).toBeNull();
    expect(ratioAspect('square')).toBe(1);
    expect(ratioAspect('16:9')).toBeCloseTo(16 / 9);
    expect(ratioAspect('3:4')).toBeCloseTo(0.75);
  });

  it('swaps the sides on a quarter turn', () => {
    expect(turnedSize(LANDSCAPE, 90)).toEqual({ width: 1200, height: 1600 });
    expect(turnedSize(LANDSCAPE, 180)).toEqual(LANDSCAPE);
  });

  it('fits a square into a landscape photo as its full height, centred', () => {
    const crop = fitAspect(FULL, 1, LANDSCAPE);
    expect(cropToPixels(crop, LANDSCAPE)).toEqual({ width: 1200, height: 1200, top: 0, left: 200 });
  });

  it('fits 9:16 and 16:9 as the largest crop of that shape', () => {
    const tall = cropToPixels(fitAspect(FULL, 9 / 16, LANDSCAPE), LANDSCAPE);
    expect(tall.height).toBe(1200);
    expect(tall.width).toBe(675);
    const wide = cropToPixels(fitAspect(FULL, 16 / 9, LANDSCAPE), LANDSCAPE);
    expect(wide.width).toBe(1600);
    expect(wide.height).toBe(900);
  });

  it('keeps a fitted crop inside the image near an edge', () => {
    const corner = { left: 0.9, top: 0.9, width: 0.1, height: 0.1 };
    const crop = fitAspect(corner, 1, LANDSCAPE);
    expect(crop.left + crop.width).toBeLessThanOrEqual(1);
    expect(crop.top + crop.height).toBeLessThanOrEqual(1);
  });

  it('moves a crop but not out of the image', () => {
    const crop = moveCrop({ left: 0.1, top: 0.1, width: 0.5, height: 0.5 }, 0.9, -0.5);
    expect(crop).toEqual({ left: 0.5, top: 0, width: 0.5, height: 0.5 });
  });

  it('drags a corner with the opposite corner fixed, never below the minimum', () => {
    const crop = dragCorner(FULL, 'nw', 0.2, 0.1, null, LANDSCAPE);
    expect(crop.left).toBeCloseTo(0.2);
    expect(crop.top).toBeCloseTo(0.1);
    expect(crop.width).toBeCloseTo(0.8);
    expect(crop.height).toBeCloseTo(0.9);
    const tiny = dragCorner(FULL, 'se', -2, -2, null, LANDSCAPE);
    expect(tiny.width).toBe(MIN_CROP);
    expect(tiny.left).toBe(0);
  });

  it('drags a corner keeping a locked ratio', () => {
    const square = fitAspect(FULL, 1, LANDSCAPE);
    const dragged = dragCorner(square, 'se', -0.2, 0, 1, LANDSCAPE);
    const pixels = cropToPixels(dragged, LANDSCAPE);
    expect(pixels.width).toBe(pixels.height);
    expect(pixels.left).toBe(200);
  });

  it('turns the pixel fields back into a crop inside the image', () => {
    const crop = cropFromPixels({ width: 800, height: 600, top: 900, left: 100 }, LANDSCAPE);
    expect(cropToPixels(crop, LANDSCAPE)).toEqual({ width: 800, height: 600, top: 600, left: 100 });
  });

  it('exports at the crop size unless a resolution is set', () => {
    const transform = { ...INITIAL_EDIT_STATE.transform, crop: fitAspect(FULL, 1, LANDSCAPE) };
    expect(outputSize(transform, LANDSCAPE)).toEqual({ width: 1200, height: 1200 });
    expect(outputSize({ ...transform, resolution: { width: 300, height: 300 } }, LANDSCAPE)).toEqual({
      width: 300,
      height: 300,
    });
  });
});
