import { clamp01 } from '../color';
import type { PointAdjustment } from './adjustment';

/** Moves the white end of each channel (c^3 weighting): v > 0 pushes bright values to white, v < 0 dims them. */
const RANGE = 0.3;

export const whites: PointAdjustment = {
  name: 'whites',
  apply(px, i, v) {
    for (let k = i; k < i + 3; k++) {
      const c = px[k]!;
      px[k] = clamp01(c + v * RANGE * c * c * c);
    }
  },
  glsl: /* glsl */ `
vec3 adjust_whites(vec3 c, float v) { return clamp01(c + v * ${RANGE.toFixed(4)} * c * c * c); }
`,
};
