import { clamp01, luma } from '../color';
import type { DetailAdjustment } from './adjustment';

/**
 * Local contrast: the difference from a wide blur (sigma CLARITY_SIGMA of the longer side), weighted
 * towards the mid-tones so skies and shadows do not band.
 */
export const CLARITY_SIGMA = 0.01;
const AMOUNT = 0.9;

export const clarity: DetailAdjustment = {
  name: 'clarity',
  apply(px, i, v, blurred) {
    const l = luma(px[i]!, px[i + 1]!, px[i + 2]!);
    const m = 2 * l - 1;
    const k = v * AMOUNT * (1 - m * m);
    for (let j = i; j < i + 3; j++) px[j] = clamp01(px[j]! + k * (px[j]! - blurred[j]!));
  },
  glsl: /* glsl */ `
vec3 adjust_clarity(vec3 c, vec3 blurred, float v) {
  float m = 2.0 * luma(c) - 1.0;
  float k = v * ${AMOUNT.toFixed(4)} * (1.0 - m * m);
  return clamp01(c + k * (c - blurred));
}
`,
};
