import { clamp01 } from '../color';
import type { PointAdjustment } from './adjustment';

/** Adds the same amount of light to every channel: up to a third of full scale either way. */
const RANGE = 0.35;

export const brightness: PointAdjustment = {
  name: 'brightness',
  apply(px, i, v) {
    const d = v * RANGE;
    px[i] = clamp01(px[i]! + d);
    px[i + 1] = clamp01(px[i + 1]! + d);
    px[i + 2] = clamp01(px[i + 2]! + d);
  },
  glsl: /* glsl */ `
vec3 adjust_brightness(vec3 c, float v) { return clamp01(c + v * ${RANGE.toFixed(4)}); }
`,
};
