import { describe, expect, it } from 'vitest';
import { cropFromPixels, cropToPixels, dragCorner, MIN_CROP, moveCrop, turnCrop } from './crop-geometry';
import { fitCrop } from './engine/geometry/crop-presets';

const FULL = { left: 0, top: 0, width: 1, height: 1 };
const LANDSCAPE = { width: 1600, height: 1200 };
const UPRIGHT = { rotation: 0, straighten: 0 } as const;

describe('crop handles and fields', () => {
  it('moves a crop but not out of the photo', () => {
    const crop = moveCrop({ left: 0.1, top: 0.1, width: 0.5, height: 0.5 }, 0.9, -0.5);
    expect(crop).toEqual({ left: 0.5, top: 0, width: 0.5, height: 0.5 });
  });

  it('drags a corner with the opposite corner fixed, never below the minimum', () => {
    const crop = dragCorner(FULL, 'nw', 0.2, 0.1, null, LANDSCAPE);
    expect(crop.left).toBeCloseTo(0.2);
    expect(crop.top).toBeCloseTo(0.1);
    expect(crop.left + crop.width).toBeCloseTo(1);
    expect(crop.top + crop.height).toBeCloseTo(1);
    const tiny = dragCorner(FULL, 'se', -2, -2, null, LANDSCAPE);
    expect(tiny.width).toBe(MIN_CROP);
    expect(tiny.left).toBe(0);
  });

  it('drags a corner of a square crop and keeps it square in pixels', () => {
    const square = fitCrop(LANDSCAPE, UPRIGHT, 1);
    const dragged = dragCorner(square, 'se', -0.2, 0, 1, LANDSCAPE);
    const pixels = cropToPixels(dragged, LANDSCAPE);
    expect(pixels.width).toBe(pixels.height);
    expect(pixels.left).toBe(200);
    expect(pixels.width).toBeLessThan(1200);
  });

  it('shows a square fit of a landscape photo as the fields would', () => {
    expect(cropToPixels(fitCrop(LANDSCAPE, UPRIGHT, 1), LANDSCAPE)).toEqual({
      width: 1200,
      height: 1200,
      top: 0,
      left: 200,
    });
  });

  it('turns typed pixel fields back into a crop inside the photo', () => {
    const crop = cropFromPixels({ width: 800, height: 600, top: 900, left: 100 }, LANDSCAPE);
    expect(cropToPixels(crop, LANDSCAPE)).toEqual({ width: 800, height: 600, top: 600, left: 100 });
    const huge = cropFromPixels({ width: 99999, height: 99999, top: -5, left: -5 }, LANDSCAPE);
    expect(huge).toEqual(FULL);
  });

  it('turns the crop with the picture, and back', () => {
    const crop = { left: 0.1, top: 0.2, width: 0.3, height: 0.4 };
    const turned = turnCrop(crop, true);
    expect(turned.width).toBeCloseTo(0.4);
    expect(turned.height).toBeCloseTo(0.3);
    const back = turnCrop(turned, false);
    expect(back.left).toBeCloseTo(crop.left);
    expect(back.top).toBeCloseTo(crop.top);
    const round = turnCrop(turnCrop(turnCrop(turned, true), true), true);
    expect(round.left).toBeCloseTo(crop.left);
    expect(round.top).toBeCloseTo(crop.top);
  });
});
