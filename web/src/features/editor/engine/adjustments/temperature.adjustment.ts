import { clamp01 } from '../color';
import type { PointAdjustment } from './adjustment';

/** Warmer (v > 0) gains red and a little green and loses blue; cooler does the opposite. Black stays black. */
const GAIN = [0.2, 0.04, -0.2] as const;

export const temperature: PointAdjustment = {
  name: 'temperature',
  apply(px, i, v) {
    px[i] = clamp01(px[i]! * (1 + GAIN[0] * v));
    px[i + 1] = clamp01(px[i + 1]! * (1 + GAIN[1] * v));
    px[i + 2] = clamp01(px[i + 2]! * (1 + GAIN[2] * v));
  },
  glsl: /* glsl */ `
vec3 adjust_temperature(vec3 c, float v) {
  return clamp01(c * (1.0 + vec3(${GAIN.map((g) => g.toFixed(4)).join(', ')}) * v));
}
`,
};
