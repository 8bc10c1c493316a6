import { clamp01, linearToSrgb, srgbToLinear } from '../color';
import type { PointAdjustment } from './adjustment';

/** Stops of light at the ends of the slider; multiplied in linear light like a camera's exposure. */
const STOPS = 1.5;

export const exposure: PointAdjustment = {
  name: 'exposure',
  apply(px, i, v) {
    const gain = 2 ** (v * STOPS);
    for (let k = i; k < i + 3; k++) px[k] = clamp01(linearToSrgb(srgbToLinear(px[k]!) * gain));
  },
  glsl: /* glsl */ `
vec3 adjust_exposure(vec3 c, float v) {
  float gain = exp2(v * ${STOPS.toFixed(4)});
  return clamp01(vec3(
    linearToSrgb(srgbToLinear(c.r) * gain),
    linearToSrgb(srgbToLinear(c.g) * gain),
    linearToSrgb(srgbToLinear(c.b) * gain)));
}
`,
};
