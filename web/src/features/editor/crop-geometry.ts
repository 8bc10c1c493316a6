import type { CropRect } from './engine/edit-state';
import type { Size } from './engine/geometry/transform-geometry';

/**
 * What the crop handles and the crop-area fields do to a crop, in fractions of the turned photo
 * (its frame). The engine's clampCrop then keeps the result on the photo.
 */
export const MIN_CROP = 0.05;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function moveCrop(crop: CropRect, dx: number, dy: number): CropRect {
  return {
    ...crop,
    left: clamp(crop.left + dx, 0, 1 - crop.width),
    top: clamp(crop.top + dy, 0, 1 - crop.height),
  };
}

export type Corner = 'nw' | 'ne' | 'sw' | 'se';

/** Drags one corner by (dx, dy) fractions; the opposite corner stays put; a pixel aspect keeps its shape. */
export function dragCorner(
  crop: CropRect,
  corner: Corner,
  dx: number,
  dy: number,
  aspect: number | null,
  frame: Size,
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
    // In fractions, width / height must equal aspect * H / W.
    const fractionAspect = (aspect * frame.height) / frame.width;
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

/** The crop area's fields (account.md §3: width, height, top, left) in whole pixels of the frame. */
export interface CropPixels {
  width: number;
  height: number;
  top: number;
  left: number;
}

export const cropToPixels = (crop: CropRect, frame: Size): CropPixels => ({
  width: Math.round(crop.width * frame.width),
  height: Math.round(crop.height * frame.height),
  top: Math.round(crop.top * frame.height),
  left: Math.round(crop.left * frame.width),
});

/** Typed pixel fields back to a crop inside the frame (out-of-range values are pulled in). */
export function cropFromPixels(pixels: CropPixels, frame: Size): CropRect {
  const width = clamp(pixels.width / frame.width, MIN_CROP, 1);
  const height = clamp(pixels.height / frame.height, MIN_CROP, 1);
  return {
    width,
    height,
    left: clamp(pixels.left / frame.width, 0, 1 - width),
    top: clamp(pixels.top / frame.height, 0, 1 - height),
  };
}

/** A quarter turn carries the crop round with the picture. */
export function turnCrop(crop: CropRect, clockwise: boolean): CropRect {
  return clockwise
    ? { left: 1 - crop.top - crop.height, top: crop.left, width: crop.height, height: crop.width }
    : { left: crop.top, top: 1 - crop.left - crop.width, width: crop.height, height: crop.width };
}
