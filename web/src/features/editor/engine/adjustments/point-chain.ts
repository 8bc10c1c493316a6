import { GLSL_COLOR } from '../color';
import { ADJUSTMENTS, type AdjustmentName, type Adjustments } from '../edit-state';
import type { PointAdjustment } from './adjustment';
import { blacks } from './blacks.adjustment';
import { brightness } from './brightness.adjustment';
import { clarity } from './clarity.adjustment';
import { contrast } from './contrast.adjustment';
import { exposure } from './exposure.adjustment';
import { gamma } from './gamma.adjustment';
import { highlights } from './highlights.adjustment';
import { saturation } from './saturation.adjustment';
import { shadows } from './shadows.adjustment';
import { sharpness } from './sharpness.adjustment';
import { temperature } from './temperature.adjustment';
import { GLSL_TONE_SHIFT } from './tone-shift';
import { whites } from './whites.adjustment';

/**
 * The order the one-pixel adjustments run in, on both paths: light first (exposure, then the white and
 * black ends, then the tone ranges), then contrast and brightness, the gamma curve, and colour last.
 * Sharpness and clarity run before all of these, on the transformed photo (see develop.ts).
 */
export const POINT_CHAIN: readonly PointAdjustment[] = [
  exposure,
  whites,
  blacks,
  highlights,
  shadows,
  contrast,
  brightness,
  gamma,
  saturation,
  temperature,
];

export const DETAIL_CHAIN = [sharpness, clarity] as const;

/** Adjustment values as a fixed-order array (the order of ADJUSTMENTS), as the shaders receive them. */
export function adjustmentVector(values: Partial<Adjustments>): Float32Array {
  return Float32Array.from(ADJUSTMENTS, (name) => clampSlider(values[name] ?? 0));
}

export const clampSlider = (v: number) => (Number.isFinite(v) ? Math.max(-1, Math.min(1, v)) : 0);

const indexOf = (name: AdjustmentName) => ADJUSTMENTS.indexOf(name);

/** Runs the one-pixel chain on the pixel at `px[i]`; zero values are skipped (they are identities). */
export function applyPointChain(px: Float32Array, i: number, vector: Float32Array): void {
  for (const adjustment of POINT_CHAIN) {
    const v = vector[indexOf(adjustment.name)]!;
    if (v !== 0) adjustment.apply(px, i, v);
  }
}

export const GLSL_POINT_CHAIN = [
  GLSL_COLOR,
  GLSL_TONE_SHIFT,
  ...POINT_CHAIN.map((a) => a.glsl),
  ...DETAIL_CHAIN.map((a) => a.glsl),
  /* glsl */ `
vec3 applyPointChain(vec3 c, float a[${ADJUSTMENTS.length}]) {
${POINT_CHAIN.map((a) => `  if (a[${indexOf(a.name)}] != 0.0) c = adjust_${a.name}(c, a[${indexOf(a.name)}]);`).join('\n')}
  return c;
}
`,
].join('\n');

export const SHARPNESS_INDEX = indexOf('sharpness');
export const CLARITY_INDEX = indexOf('clarity');
