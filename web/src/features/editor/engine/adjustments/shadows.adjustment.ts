import { luma } from '../color';
import type { PointAdjustment } from './adjustment';
import { shiftLuma } from './tone-shift';

/** Lifts or deepens the dark tones: the shift L(1-L)^2 peaks at a third of full scale and is 0 at black and white. */
const STRENGTH = 1.6;

export const shadows: PointAdjustment = {
  name: 'shadows',
  apply(px, i, v) {
    const l = luma(px[i]!, px[i + 1]!, px[i + 2]!);
    shiftLuma(px, i, v * STRENGTH * l * (1 - l) * (1 - l));
  },
  glsl: /* glsl */ `
vec3 adjust_shadows(vec3 c, float v) {
  float l = luma(c);
  return shiftLuma(c, v * ${STRENGTH.toFixed(4)} * l * (1.0 - l) * (1.0 - l));
}
`,
};
