import type { PixelImage } from '../pixel-image';

/**
 * Bilinear sample at texture coordinates (u, v) (0..1, y down) with edges repeated: the same
 * texel-centre convention as a GPU's LINEAR filter with CLAMP_TO_EDGE. Writes RGBA into out[o..o+3].
 */
export function sampleBilinear(img: PixelImage, u: number, v: number, out: Float32Array, o: number): void {
  const { width, height, data } = img;
  const x = u * width - 0.5;
  const y = v * height - 0.5;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const xa = Math.min(Math.max(x0, 0), width - 1);
  const xb = Math.min(Math.max(x0 + 1, 0), width - 1);
  const ya = Math.min(Math.max(y0, 0), height - 1);
  const yb = Math.min(Math.max(y0 + 1, 0), height - 1);
  const p00 = (ya * width + xa) * 4;
  const p10 = (ya * width + xb) * 4;
  const p01 = (yb * width + xa) * 4;
  const p11 = (yb * width + xb) * 4;
  for (let k = 0; k < 4; k++) {
    const top = data[p00 + k]! + (data[p10 + k]! - data[p00 + k]!) * fx;
    const bottom = data[p01 + k]! + (data[p11 + k]! - data[p01 + k]!) * fx;
    out[o + k] = top + (bottom - top) * fy;
  }
}

/**
 * The overlay covers the output like CSS `object-fit: cover`: scaled to fill, centred, the overflow cut.
 * Returns [sx, sy]: overlay uv = (output uv - 0.5) * s + 0.5.
 */
export function coverScale(outW: number, outH: number, overlayW: number, overlayH: number): [number, number] {
  const a = outW / outH;
  const b = overlayW / overlayH;
  return a > b ? [1, b / a] : [a / b, 1];
}
