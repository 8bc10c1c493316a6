import { clamp01 } from '../color';
import type { PointAdjustment } from './adjustment';

/** Stretches (up to 2.5x) or flattens (down to plain grey) the channels around mid grey. */
const factor = (v: number) => (v >= 0 ? 1 + 1.5 * v : 1 + v);

export const contrast: PointAdjustment = {
  name: 'contrast',
  apply(px, i, v) {
    const f = factor(v);
    for (let k = i; k < i + 3; k++) px[k] = clamp01((px[k]! - 0.5) * f + 0.5);
  },
  glsl: /* glsl */ `
vec3 adjust_contrast(vec3 c, float v) {
  float f = v >= 0.0 ? 1.0 + 1.5 * v : 1.0 + v;
  return clamp01((c - 0.5) * f + 0.5);
}
`,
};
