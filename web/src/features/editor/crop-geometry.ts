import type { CropRect, Transform } from './engine/edit-state';

/** Pixel sizes the crop works over: the source after quarter turns. */
export interface Size {
  width: number;
  height: number;
}

export const MIN_CROP = 0.05;

export const RATIOS = ['free', 'square', '4:3', '16:9', '3:4', '9:16'] as const;
export type RatioId = (typeof RATIOS)[number];

/** Width over height in pixels, or null for a free crop. */
export function ratioAspect(ratio: RatioId): number | null {
  if (ratio === 'free') return null;
  if (ratio === 'square') return 1;
  const [w, h] = ratio.split(':').map(Number) as [number, number];
  return w / h;
}

export function turnedSize(source: Size, rotation: Transform['rotation']): Size {
  return rotation % 180 === 0 ? source : { width: source.height, height: source.width };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The largest crop of this pixel aspect inside the image, centred where the current crop is. */
export function fitAspect(crop: CropRect, aspect: number, base: Size): CropRect {
  // In fractions, width / height must equal aspect * H / W.
  const fractionAspect = (aspect * base.height) / base.width;
  let width = 1;
  let height = width / fractionAspect;
  if (height > 1) {
    height = 1;
    width = fractionAspect;
  }
  const centreX = crop.left + crop.width / 2;
  const centreY = crop.top + crop.height / 2;
  return {
    width,
    height,
    left: clamp(centreX - width / 2, 0, 1 - width),
    top: clamp(centreY - height / 2, 0, 1 - height),
  };
}

export function moveCrop(crop: CropRect, dx: number, dy: number): CropRect {
  return {
    ...crop,
    left: clamp(crop.left + dx, 0, 1 - crop.width),
    top: clamp(crop.top + dy, 0, 1 - crop.height),
  };
}

export type Corner = 'nw' | 'ne' | 'sw' | 'se';

/** Drags one corner by (dx, dy) fractions; the opposite corner stays put; an aspect keeps its shape. */
export function dragCorner(
  crop: CropRect,
  corner: Corner,
  dx: number,
  dy: number,
  aspect: number | null,
  base: Size,
): CropRect {
  const west = corner === 'nw' || corner === 'sw';
  const north = corner === 'nw' || corner === 'ne';
  const fixedX = west ? crop.left + crop.width : crop.left;
  const fixedY = north ? crop.top + crop.height : crop.top;
  const roomX = west ? fixedX : 1 - fixedX;
  const roomY = north ? fixedY : 1 - fixedY;
  let width = clamp(crop.width + (west ? -dx : dx), MIN_CROP, roomX);
  let height = clamp(crop.height + (north ? -dy : dy), MIN_CROP, roomY);
  if (aspect !== null) {
    const fractionAspect = (aspect * base.height) / base.width;
    height = width / fractionAspect;
    if (height > roomY) {
      height = roomY;
      width = height * fractionAspect;
    }
    if (height < MIN_CROP) {
      height = MIN_CROP;
      width = Math.min(roomX, height * fractionAspect);
    }
  }
  return {
    width,
    height,
    left: west ? fixedX - width : fixedX,
    top: north ? fixedY - height : fixedY,
  };
}

/** The crop area's fields (account.md §3: width, height, top, left) in whole pixels. */
export interface CropPixels {
  width: number;
  height: number;
  top: number;
  left: number;
}

export const cropToPixels = (crop: CropRect, base: Size): CropPixels => ({
  width: Math.round(crop.width * base.width),
  height: Math.round(crop.height * base.height),
  top: Math.round(crop.top * base.height),
  left: Math.round(crop.left * base.width),
});

/** Typed pixel fields back to a crop inside the image (out-of-range values are pulled in). */
export function cropFromPixels(pixels: CropPixels, base: Size): CropRect {
  const width = clamp(pixels.width / base.width, MIN_CROP, 1);
  const height = clamp(pixels.height / base.height, MIN_CROP, 1);
  return {
    width,
    height,
    left: clamp(pixels.left / base.width, 0, 1 - width),
    top: clamp(pixels.top / base.height, 0, 1 - height),
  };
}

/** The exported size: the resolution when set, else the crop's own pixels. */
export function outputSize(transform: Transform, source: Size): Size {
  if (transform.resolution) return transform.resolution;
  const base = turnedSize(source, transform.rotation);
  const { width, height } = cropToPixels(transform.crop, base);
  return { width: Math.max(1, width), height: Math.max(1, height) };
}
