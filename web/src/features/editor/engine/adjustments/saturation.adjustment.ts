import { clamp01, luma } from '../color';
import type { PointAdjustment } from './adjustment';

/** Moves each channel away from (v > 0, up to twice as far) or towards (v = -1: grey) the pixel's luma. */
export const saturation: PointAdjustment = {
  name: 'saturation',
  apply(px, i, v) {
    const l = luma(px[i]!, px[i + 1]!, px[i + 2]!);
    for (let k = i; k < i + 3; k++) px[k] = clamp01(l + (px[k]! - l) * (1 + v));
  },
  glsl: /* glsl */ `
vec3 adjust_saturation(vec3 c, float v) { float l = luma(c); return clamp01(l + (c - l) * (1.0 + v)); }
`,
};
