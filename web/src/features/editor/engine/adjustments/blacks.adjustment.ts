import { clamp01 } from '../color';
import type { PointAdjustment } from './adjustment';

/** Moves the black end of each channel ((1-c)^3 weighting): v > 0 lifts black, v < 0 crushes dark values. */
const RANGE = 0.25;

export const blacks: PointAdjustment = {
  name: 'blacks',
  apply(px, i, v) {
    for (let k = i; k < i + 3; k++) {
      const d = 1 - px[k]!;
      px[k] = clamp01(px[k]! + v * RANGE * d * d * d);
    }
  },
  glsl: /* glsl */ `
vec3 adjust_blacks(vec3 c, float v) {
  vec3 d = 1.0 - c;
  return clamp01(c + v * ${RANGE.toFixed(4)} * d * d * d);
}
`,
};
