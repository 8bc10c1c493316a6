import type { CropRect, Transform } from '../edit-state';

// The transform works in three frames:
//   source  - the loaded photo, Ws x Hs pixels;
//   frame   - the photo turned by the quarter-turn rotation (Hs x Ws for 90/270), then flipped in that
//             orientation, then straightened: turned by `straighten` degrees clockwise about its centre
//             inside the same rectangle (the corners it uncovers are transparent);
//   output  - the crop of the frame (fractions of the frame), scaled to `resolution` when set.
// Every mapping is an affine matrix, so the GPU and the CPU sample the source from the same numbers.

export interface Size {
  width: number;
  height: number;
}

/** Row-major 2x3 affine matrix [a b c; d e f]: x' = a x + b y + c, y' = d x + e y + f. */
export type Affine = [number, number, number, number, number, number];

export function frameSize(source: Size, rotation: Transform['rotation']): Size {
  return rotation === 90 || rotation === 270
    ? { width: source.height, height: source.width }
    : { width: source.width, height: source.height };
}

/** The crop's size in frame pixels (at least 1x1), before any resolution change. */
export function cropPixelSize(source: Size, transform: Transform): Size {
  const frame = frameSize(source, transform.rotation);
  return {
    width: Math.max(1, Math.round(transform.crop.width * frame.width)),
    height: Math.max(1, Math.round(transform.crop.height * frame.height)),
  };
}

/** The exported image's size: the resolution when set, else the crop's own pixel size. */
export function outputSize(source: Size, transform: Transform): Size {
  if (transform.resolution) {
    return {
      width: Math.max(1, Math.round(transform.resolution.width)),
      height: Math.max(1, Math.round(transform.resolution.height)),
    };
  }
  return cropPixelSize(source, transform);
}

const multiply = (m: Affine, n: Affine): Affine => [
  m[0] * n[0] + m[1] * n[3],
  m[0] * n[1] + m[1] * n[4],
  m[0] * n[2] + m[1] * n[5] + m[2],
  m[3] * n[0] + m[4] * n[3],
  m[3] * n[1] + m[4] * n[4],
  m[3] * n[2] + m[4] * n[5] + m[5],
];

export const applyAffine = (m: Affine, x: number, y: number): [number, number] => [
  m[0] * x + m[1] * y + m[2],
  m[3] * x + m[4] * y + m[5],
];

/** Frame pixel coordinates → source pixel coordinates (the inverse of rotate, flip, straighten). */
export function frameToSource(source: Size, transform: Transform): Affine {
  const frame = frameSize(source, transform.rotation);
  const cx = frame.width / 2;
  const cy = frame.height / 2;
  const t = (-transform.straighten * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  // Undo the straighten: turn back about the frame centre.
  const unstraighten: Affine = [cos, -sin, cx - cos * cx + sin * cy, sin, cos, cy - sin * cx - cos * cy];
  const unflip: Affine = [
    transform.flipH ? -1 : 1,
    0,
    transform.flipH ? frame.width : 0,
    0,
    transform.flipV ? -1 : 1,
    transform.flipV ? frame.height : 0,
  ];
  const W = source.width;
  const H = source.height;
  // Turned frame (rx, ry) → source; a clockwise quarter turn sends source (sx, sy) to (H - sy, sx).
  const unrotate: Affine =
    transform.rotation === 90
      ? [0, 1, 0, -1, 0, H]
      : transform.rotation === 180
        ? [-1, 0, W, 0, -1, H]
        : transform.rotation === 270
          ? [0, -1, W, 1, 0, 0]
          : [1, 0, 0, 0, 1, 0];
  return multiply(unrotate, multiply(unflip, unstraighten));
}

/**
 * Output texture coordinates (0..1, y down) → source texture coordinates (0..1, y down). A pixel
 * centre of the output, ((i + 0.5) / Wo, (j + 0.5) / Ho), lands on a pixel centre of the source
 * when nothing but a quarter turn or flip is applied.
 */
export function outputUvToSourceUv(source: Size, transform: Transform): Affine {
  const frame = frameSize(source, transform.rotation);
  const { left, top, width, height } = transform.crop;
  const uvToFrame: Affine = [
    width * frame.width,
    0,
    left * frame.width,
    0,
    height * frame.height,
    top * frame.height,
  ];
  const sourceToUv: Affine = [1 / source.width, 0, 0, 0, 1 / source.height, 0];
  return multiply(sourceToUv, multiply(frameToSource(source, transform), uvToFrame));
}

/** Where a point of the source (pixels) appears in the frame (pixels). */
export function sourceToFrame(source: Size, transform: Transform, x: number, y: number): [number, number] {
  const m = frameToSource(source, transform);
  const det = m[0] * m[4] - m[1] * m[3];
  const dx = x - m[2];
  const dy = y - m[5];
  return [(m[4] * dx - m[1] * dy) / det, (m[0] * dy - m[3] * dx) / det];
}

/**
 * The largest rectangle of pixel ratio `ratio` (width / height) centred in the frame that stays inside
 * the straightened photo, as frame fractions. With no straighten it touches two sides of the frame.
 */
export function centredCrop(
  source: Size,
  transform: Pick<Transform, 'rotation' | 'straighten'>,
  ratio: number,
): CropRect {
  const frame = frameSize(source, transform.rotation);
  const t = (Math.abs(transform.straighten) * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  // Corners (±w/2, ±w/(2r)) turned into the photo's own axes must stay within ±W/2, ±H/2.
  const w = Math.min(frame.width / (c + s / ratio), frame.height / (s + c / ratio));
  const width = Math.min(1, w / frame.width);
  const height = Math.min(1, w / ratio / frame.height);
  return { left: (1 - width) / 2, top: (1 - height) / 2, width, height };
}

/** True when every corner of the crop lies on the photo (not in a corner the straighten uncovered). */
export function cropInsidePhoto(source: Size, transform: Transform, crop: CropRect, epsilon = 1e-6): boolean {
  const frame = frameSize(source, transform.rotation);
  if (crop.left < -epsilon || crop.top < -epsilon) return false;
  if (crop.left + crop.width > 1 + epsilon || crop.top + crop.height > 1 + epsilon) return false;
  if (transform.straighten === 0) return true;
  const m = frameToSource(source, transform);
  const margin = epsilon * Math.max(source.width, source.height);
  for (const [u, v] of [
    [crop.left, crop.top],
    [crop.left + crop.width, crop.top],
    [crop.left, crop.top + crop.height],
    [crop.left + crop.width, crop.top + crop.height],
  ] as const) {
    const [x, y] = applyAffine(m, u * frame.width, v * frame.height);
    if (x < -margin || y < -margin || x > source.width + margin || y > source.height + margin) return false;
  }
  return true;
}
