import type { CropRect, Transform } from '../edit-state';
import { centredCrop, cropInsidePhoto, frameSize, type Size } from './transform-geometry';

/**
 * A crop choice. `ratio` is output width / height in pixels (null: free). `size`, when present, is the
 * pixel size the platform asks for; choosing the preset may also set the output resolution to it.
 * Ids are stable: the screens name them through i18n keys made from the group and ratio ids.
 */
export interface CropRatio {
  id: string;
  ratio: number | null;
  size?: Size;
}

export interface CropPresetGroup {
  id: 'common' | 'facebook' | 'twitter' | 'instagram';
  ratios: readonly CropRatio[];
}

const sized = (id: string, width: number, height: number): CropRatio => ({
  id,
  ratio: width / height,
  size: { width, height },
});

/** The plain ratios of the transform tab, in the order they are offered. */
export const CROP_RATIOS: readonly CropRatio[] = [
  { id: 'free', ratio: null },
  { id: 'square', ratio: 1 },
  { id: '4:3', ratio: 4 / 3 },
  { id: '16:9', ratio: 16 / 9 },
  { id: '3:4', ratio: 3 / 4 },
  { id: '9:16', ratio: 9 / 16 },
];

export const CROP_PRESETS: readonly CropPresetGroup[] = [
  { id: 'common', ratios: CROP_RATIOS },
  {
    id: 'facebook',
    ratios: [
      sized('cover', 820, 312),
      sized('profile', 170, 170),
      sized('post', 1200, 628),
      sized('story', 1080, 1920),
    ],
  },
  {
    id: 'twitter',
    ratios: [sized('header', 1500, 500), sized('post', 1600, 900), sized('profile', 400, 400)],
  },
  {
    id: 'instagram',
    ratios: [
      sized('square', 1080, 1080),
      sized('portrait', 1080, 1350),
      sized('landscape', 1080, 566),
      sized('story', 1080, 1920),
    ],
  },
];

export function findCropRatio(groupId: string, ratioId: string): CropRatio | undefined {
  return CROP_PRESETS.find((g) => g.id === groupId)?.ratios.find((r) => r.id === ratioId);
}

/**
 * The crop for a ratio: the largest centred rectangle of that pixel ratio on the (turned, flipped,
 * straightened) photo. Free keeps the frame's own ratio, so with no straighten it is the whole photo.
 */
export function fitCrop(
  source: Size,
  transform: Pick<Transform, 'rotation' | 'straighten'>,
  ratio: number | null,
): CropRect {
  const frame = frameSize(source, transform.rotation);
  return centredCrop(source, transform, ratio ?? frame.width / frame.height);
}

/**
 * The transform after picking a crop choice: a fitted crop, and the platform's pixel size as the
 * resolution when the choice has one (else the resolution is cleared).
 */
export function applyCropRatio(source: Size, transform: Transform, choice: CropRatio): Transform {
  return {
    ...transform,
    crop: fitCrop(source, transform, choice.ratio),
    resolution: choice.size ? { ...choice.size } : null,
  };
}

/** Smallest crop side, in frame pixels, a drag may leave. */
export const MIN_CROP_PIXELS = 16;

/**
 * Brings a crop the user dragged back onto the photo: at least MIN_CROP_PIXELS a side, within the
 * frame, and clear of the corners a straighten uncovered. When `ratio` is given the result keeps it.
 * A crop off the photo slides towards the centred fit of the same ratio until it is inside.
 */
export function clampCrop(
  source: Size,
  transform: Transform,
  crop: CropRect,
  ratio: number | null = null,
): CropRect {
  const frame = frameSize(source, transform.rotation);
  const minW = Math.min(1, MIN_CROP_PIXELS / frame.width);
  const minH = Math.min(1, MIN_CROP_PIXELS / frame.height);
  let width = Math.min(1, Math.max(minW, finite(crop.width, 1)));
  let height = Math.min(1, Math.max(minH, finite(crop.height, 1)));
  if (ratio !== null) {
    // Keep the pixel ratio: shrink whichever side is too long for it.
    const pixelRatio = (width * frame.width) / (height * frame.height);
    if (pixelRatio > ratio) width = (height * frame.height * ratio) / frame.width;
    else height = (width * frame.width) / ratio / frame.height;
  }
  const left = Math.min(1 - width, Math.max(0, finite(crop.left, 0)));
  const top = Math.min(1 - height, Math.max(0, finite(crop.top, 0)));
  const wanted: CropRect = { left, top, width, height };
  if (cropInsidePhoto(source, transform, wanted)) return wanted;
  const safe = centredCrop(source, transform, ratio ?? (width * frame.width) / (height * frame.height));
  const lerp = (t: number): CropRect => ({
    left: safe.left + (wanted.left - safe.left) * t,
    top: safe.top + (wanted.top - safe.top) * t,
    width: safe.width + (wanted.width - safe.width) * t,
    height: safe.height + (wanted.height - safe.height) * t,
  });
  // The photo is convex and `safe` lies on it, so the crops that fit form one interval [0, t].
  let lo = 0;
  let hi = 1;
  for (let k = 0; k < 30; k++) {
    const mid = (lo + hi) / 2;
    if (cropInsidePhoto(source, transform, lerp(mid))) lo = mid;
    else hi = mid;
  }
  return lerp(lo);
}

const finite = (x: number, fallback: number) => (Number.isFinite(x) ? x : fallback);
