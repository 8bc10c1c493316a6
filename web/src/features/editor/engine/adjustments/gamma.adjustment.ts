import { clamp01 } from '../color';
import type { PointAdjustment } from './adjustment';

/** A power curve: black and white stay, mid-tones brighten for v > 0 (exponent 2^-v, 0.5..2). */
export const gamma: PointAdjustment = {
  name: 'gamma',
  apply(px, i, v) {
    const e = 2 ** -v;
    for (let k = i; k < i + 3; k++) px[k] = clamp01(Math.max(px[k]!, 1e-6) ** e);
  },
  glsl: /* glsl */ `
vec3 adjust_gamma(vec3 c, float v) { return clamp01(pow(max(c, vec3(1e-6)), vec3(exp2(-v)))); }
`,
};
