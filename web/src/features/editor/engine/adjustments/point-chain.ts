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

/** The adjustment functions' GLSL, one-pixel and detail. */
export const GLSL_ADJUSTMENTS = [
  GLSL_COLOR,
  GLSL_TONE_SHIFT,
  ...POINT_CHAIN.map((a) => a.glsl),
  ...DETAIL_CHAIN.map((a) => a.glsl),
].join('\n');

/**
 * GLSL for `vec3 <fn>(vec3 c)` running the one-pixel chain with the values of the uniform array
 * `values` (in ADJUSTMENTS order), holding only the adjustments marked in `active` (the others are
 * 0, the identity). Leaving them out instead of branching over them matters on software rasterisers,
 * which run both sides of every branch.
 */
export function glslPointChain(fn: string, values: string, active: readonly boolean[]): string {
  const steps = POINT_CHAIN.filter((a) => active[indexOf(a.name)]).map((a) => {
    const v = `${values}[${indexOf(a.name)}]`;
    return `  c = adjust_${a.name}(c, ${v});`;
  });
  return `vec3 ${fn}(vec3 c) {\n${steps.join('\n')}\n  return c;\n}\n`;
}

export const SHARPNESS_INDEX = indexOf('sharpness');
export const CLARITY_INDEX = indexOf('clarity');
