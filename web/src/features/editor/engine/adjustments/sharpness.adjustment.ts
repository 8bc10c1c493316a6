import { clamp01 } from '../color';
import type { DetailAdjustment } from './adjustment';

/**
 * Unsharp mask against the 3x3 binomial blur of the transformed photo: v > 0 adds up to 2.5x the
 * difference, v = -1 gives the blur itself.
 */
const amount = (v: number) => (v >= 0 ? 2.5 * v : v);

export const sharpness: DetailAdjustment = {
  name: 'sharpness',
  apply(px, i, v, blurred) {
    const k = amount(v);
    for (let j = i; j < i + 3; j++) px[j] = clamp01(px[j]! + k * (px[j]! - blurred[j]!));
  },
  glsl: /* glsl */ `
vec3 adjust_sharpness(vec3 c, vec3 blurred, float v) {
  float k = v >= 0.0 ? 2.5 * v : v;
  return clamp01(c + k * (c - blurred));
}
`,
};

/** The 3x3 binomial kernel (1 2 1 / 2 4 2 / 1 2 1) / 16 the sharpness compares against. */
export const SHARPNESS_KERNEL = [1, 2, 1, 2, 4, 2, 1, 2, 1].map((w) => w / 16);
