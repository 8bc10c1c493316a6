import { describe, expect, it } from 'vitest';
import type { Focus } from '../edit-state';
import { createPixelImage } from '../pixel-image';
import { blurKernel, blurPixels } from './blur';
import { focusMask } from './focus-mask';

const focus = (type: Focus['type'], extra: Partial<Focus> = {}): Focus => ({
  type,
  x: 0.5,
  y: 0.5,
  size: 0.2,
  fade: 0.1,
  angle: 0,
  blur: 0.5,
  ...extra,
});
const W = 400;
const H = 200;

describe('focus masks', () => {
  it('radial: sharp in the circle, blurred beyond the fade, round in pixels', () => {
    const f = focus('radial');
    expect(focusMask(f, 200, 100, W, H)).toBe(1);
    expect(focusMask(f, 200 + 0.19 * H, 100, W, H)).toBe(1);
    expect(focusMask(f, 200 + 0.31 * H, 100, W, H)).toBe(0);
    expect(focusMask(f, 200, 100 + 0.25 * H, W, H)).toBeCloseTo(focusMask(f, 200 + 0.25 * H, 100, W, H), 9);
    const inFade = focusMask(f, 200 + 0.25 * H, 100, W, H);
    expect(inFade).toBeGreaterThan(0);
    expect(inFade).toBeLessThan(1);
  });

  it('mirrored: a band sharp on both sides of its centre line, turned by the angle', () => {
    const f = focus('mirrored');
    expect(focusMask(f, 0, 100, W, H)).toBe(1);
    expect(focusMask(f, 399, 100 + 0.15 * H, W, H)).toBe(1);
    expect(focusMask(f, 200, 100 + 0.35 * H, W, H)).toBe(0);
    expect(focusMask(f, 200, 100 - 0.35 * H, W, H)).toBe(0);
    const upright = focus('mirrored', { angle: 90 });
    expect(focusMask(upright, 200, 0, W, H)).toBe(1);
    expect(focusMask(upright, 200 + 0.35 * H, 100, W, H)).toBe(0);
  });

  it('linear: sharp on one side of the line only', () => {
    const f = focus('linear');
    expect(focusMask(f, 200, 0, W, H)).toBe(1);
    expect(focusMask(f, 200, 199, W, H)).toBe(0);
  });

  it('gaussian blurs everything', () => {
    expect(focusMask(focus('gaussian'), 200, 100, W, H)).toBe(0);
  });

  it('a zero fade is a hard edge, not a NaN', () => {
    const f = focus('radial', { fade: 0 });
    expect(focusMask(f, 200 + 0.199 * H, 100, W, H)).toBe(1);
    expect(focusMask(f, 200 + 0.201 * H, 100, W, H)).toBe(0);
  });
});

describe('blur', () => {
  it('has normalised weights, at most 25 taps, and no blur below half a pixel', () => {
    expect(blurKernel(0.3)).toBeNull();
    for (const sigma of [0.6, 2, 10, 80]) {
      const k = blurKernel(sigma)!;
      expect(k.taps).toBeLessThanOrEqual(25);
      const sum = [...k.weights.slice(0, k.taps)].reduce((a, b) => a + b, 0);
      expect(sum).toBeCloseTo(1, 5);
      expect(k.offsets[k.taps - 1]).toBe(Math.ceil(3 * sigma));
    }
  });

  it('keeps a flat image flat and spreads a single bright pixel', () => {
    const flat = createPixelImage(20, 10);
    flat.data.fill(0.4);
    const blurred = blurPixels(flat, blurKernel(3)!);
    for (const v of blurred.data) expect(v).toBeCloseTo(0.4, 5);
    const dot = createPixelImage(21, 21);
    dot.data[(10 * 21 + 10) * 4] = 1;
    const spread = blurPixels(dot, blurKernel(2)!);
    expect(spread.data[(10 * 21 + 10) * 4]).toBeLessThan(0.2);
    expect(spread.data[(10 * 21 + 12) * 4]).toBeGreaterThan(0);
  });
});
