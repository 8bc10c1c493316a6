import { clamp01, luma } from '../color';

/**
 * Moves a pixel's luma by `delta` while keeping its hue: the channels are scaled together, so a
 * shadow lift does not wash colours out. Near black (luma under 1e-4) it adds instead, which the
 * scaling could not do.
 */
export function shiftLuma(px: Float32Array, i: number, delta: number): void {
  const l = luma(px[i]!, px[i + 1]!, px[i + 2]!);
  if (l < 1e-4) {
    px[i] = clamp01(px[i]! + delta);
    px[i + 1] = clamp01(px[i + 1]! + delta);
    px[i + 2] = clamp01(px[i + 2]! + delta);
    return;
  }
  const k = Math.max(l + delta, 0) / l;
  px[i] = clamp01(px[i]! * k);
  px[i + 1] = clamp01(px[i + 1]! * k);
  px[i + 2] = clamp01(px[i + 2]! * k);
}

export const GLSL_TONE_SHIFT = /* glsl */ `
vec3 shiftLuma(vec3 c, float delta) {
  float l = luma(c);
  if (l < 1e-4) return clamp01(c + delta);
  return clamp01(c * (max(l + delta, 0.0) / l));
}
`;
