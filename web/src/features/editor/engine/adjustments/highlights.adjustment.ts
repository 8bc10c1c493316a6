import { luma } from '../color';
import type { PointAdjustment } from './adjustment';
import { shiftLuma } from './tone-shift';

/** Brightens or recovers the light tones: the shift L^2(1-L) peaks at two thirds of full scale. */
const STRENGTH = 1.6;

export const highlights: PointAdjustment = {
  name: 'highlights',
  apply(px, i, v) {
    const l = luma(px[i]!, px[i + 1]!, px[i + 2]!);
    shiftLuma(px, i, v * STRENGTH * l * l * (1 - l));
  },
  glsl: /* glsl */ `
vec3 adjust_highlights(vec3 c, float v) {
  float l = luma(c);
  return shiftLuma(c, v * ${STRENGTH.toFixed(4)} * l * l * (1.0 - l));
}
`,
};
