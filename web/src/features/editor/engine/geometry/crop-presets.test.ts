import { describe, expect, it } from 'vitest';
import { INITIAL_EDIT_STATE, type Transform } from '../edit-state';
import { applyCropRatio, CROP_PRESETS, CROP_RATIOS, clampCrop, fitCrop } from './crop-presets';
import { cropInsidePhoto, frameSize, outputSize } from './transform-geometry';

const photo = { width: 4000, height: 3000 };
const base: Transform = INITIAL_EDIT_STATE.transform;
const pixelRatio = (crop: { width: number; height: number }, t: Pick<Transform, 'rotation'>) => {
  const f = frameSize(photo, t.rotation);
  return (crop.width * f.width) / (crop.height * f.height);
};

describe('crop presets', () => {
  it('offer Common, Facebook, Twitter and Instagram, Common holding the six plain ratios', () => {
    expect(CROP_PRESETS.map((g) => g.id)).toEqual(['common', 'facebook', 'twitter', 'instagram']);
    expect(CROP_RATIOS.map((r) => r.id)).toEqual(['free', 'square', '4:3', '16:9', '3:4', '9:16']);
    expect(CROP_RATIOS.find((r) => r.id === '16:9')!.ratio).toBe(16 / 9);
  });

  it('carry the platform sizes', () => {
    const size = (g: string, r: string) =>
      CROP_PRESETS.find((x) => x.id === g)!.ratios.find((x) => x.id === r)!.size;
    expect(size('facebook', 'cover')).toEqual({ width: 820, height: 312 });
    expect(size('twitter', 'header')).toEqual({ width: 1500, height: 500 });
    expect(size('instagram', 'portrait')).toEqual({ width: 1080, height: 1350 });
    expect(size('instagram', 'story')).toEqual({ width: 1080, height: 1920 });
  });

  const everyRatio = CROP_PRESETS.flatMap((g) => g.ratios.map((r) => [`${g.id}/${r.id}`, r] as const));
  for (const rotation of [0, 90] as const) {
    for (const straighten of [0, 7.5, -30]) {
      it(`fit the exact ratio, centred and on the photo (rotation ${rotation}, straighten ${straighten})`, () => {
        const t = { ...base, rotation, straighten };
        for (const [name, choice] of everyRatio) {
          const crop = fitCrop(photo, t, choice.ratio);
          const want = choice.ratio ?? frameSize(photo, rotation).width / frameSize(photo, rotation).height;
          expect(pixelRatio(crop, t), name).toBeCloseTo(want, 9);
          expect(crop.left + crop.width / 2, name).toBeCloseTo(0.5, 9);
          expect(crop.top + crop.height / 2, name).toBeCloseTo(0.5, 9);
          expect(cropInsidePhoto(photo, { ...t, crop }, crop), name).toBe(true);
          // Largest: one side touches the frame, or (straightened) a corner touches the photo's edge.
          const bigger = { ...crop, width: crop.width * 1.001, height: crop.height * 1.001 };
          bigger.left = 0.5 - bigger.width / 2;
          bigger.top = 0.5 - bigger.height / 2;
          expect(cropInsidePhoto(photo, { ...t, crop: bigger }, bigger), name).toBe(false);
        }
      });
    }
  }

  it('free with nothing turned is the whole photo', () => {
    expect(fitCrop(photo, base, null)).toEqual({ left: 0, top: 0, width: 1, height: 1 });
  });

  it('picking a platform choice sets its resolution; a plain ratio clears it', () => {
    const cover = CROP_PRESETS[1]!.ratios[0]!;
    const t = applyCropRatio(photo, base, cover);
    expect(t.resolution).toEqual({ width: 820, height: 312 });
    expect(outputSize(photo, t)).toEqual({ width: 820, height: 312 });
    expect(applyCropRatio(photo, t, CROP_RATIOS[1]!).resolution).toBeNull();
    const square = applyCropRatio(photo, base, CROP_RATIOS[1]!);
    expect(outputSize(photo, square)).toEqual({ width: 3000, height: 3000 });
  });
});

describe('clampCrop', () => {
  it('pulls a crop dragged off the frame back inside and keeps a minimum size', () => {
    const c = clampCrop(photo, base, { left: 0.8, top: -0.2, width: 0.5, height: 0.5 });
    expect(c).toEqual({ left: 0.5, top: 0, width: 0.5, height: 0.5 });
    const tiny = clampCrop(photo, base, { left: 0.1, top: 0.1, width: 0, height: 0.001 });
    expect(tiny.width * photo.width).toBeCloseTo(16, 6);
    expect(tiny.height * photo.height).toBeCloseTo(16, 6);
  });

  it('keeps a ratio when asked', () => {
    const c = clampCrop(photo, base, { left: 0, top: 0, width: 0.9, height: 0.3 }, 1);
    expect(pixelRatio(c, base)).toBeCloseTo(1, 9);
  });

  it('moves a crop out of the corners a straighten uncovered', () => {
    const t = { ...base, straighten: 10 };
    const corner = { left: 0, top: 0, width: 0.3, height: 0.3 };
    expect(cropInsidePhoto(photo, t, corner)).toBe(false);
    const c = clampCrop(photo, t, corner, 4 / 3);
    expect(cropInsidePhoto(photo, t, c)).toBe(true);
    expect(pixelRatio(c, t)).toBeCloseTo(4 / 3, 6);
    expect(c.left).toBeLessThan(0.35);
  });

  it('turns garbage into something usable', () => {
    const c = clampCrop(photo, base, {
      left: Number.NaN,
      top: 0,
      width: Number.POSITIVE_INFINITY,
      height: 2,
    });
    expect(c).toEqual({ left: 0, top: 0, width: 1, height: 1 });
  });
});
