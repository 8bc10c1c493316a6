import { adjustmentVector, applyPointChain } from '../adjustments/point-chain';
import { clamp01, luma } from '../color';
import type { AdjustmentName } from '../edit-state';

type PointName = Exclude<AdjustmentName, 'sharpness' | 'clarity'>;

/**
 * A named look, built from the same one-pixel adjustments as the sliders, then an optional tint
 * (the photo's luma recoloured towards `tint`, by `tintAmount`) and fade (lifted blacks, dimmed whites).
 * The filter's intensity mixes the result with the unfiltered pixel.
 */
export interface FilterLook {
  id: string;
  adjustments: Partial<Record<PointName, number>>;
  tint?: readonly [number, number, number];
  tintAmount?: number;
  fade?: number;
}

export const FILTERS: readonly FilterLook[] = [
  { id: 'vivid', adjustments: { saturation: 0.35, contrast: 0.2 } },
  { id: 'warm', adjustments: { temperature: 0.5, highlights: 0.1, saturation: 0.1 } },
  { id: 'cool', adjustments: { temperature: -0.5, contrast: 0.05 } },
  { id: 'mono', adjustments: { saturation: -1, contrast: 0.15 } },
  { id: 'noir', adjustments: { saturation: -1, contrast: 0.5, blacks: -0.5, highlights: 0.15 } },
  { id: 'sepia', adjustments: { contrast: -0.1 }, tint: [1, 0.82, 0.6], tintAmount: 0.85 },
  { id: 'faded', adjustments: { saturation: -0.25 }, fade: 0.5 },
  {
    id: 'vintage',
    adjustments: { contrast: -0.1, temperature: 0.2 },
    tint: [1, 0.9, 0.7],
    tintAmount: 0.35,
    fade: 0.3,
  },
  { id: 'matte', adjustments: { contrast: -0.15, shadows: 0.3 }, fade: 0.35 },
  { id: 'dramatic', adjustments: { contrast: 0.45, highlights: -0.4, shadows: 0.3, saturation: 0.1 } },
  {
    id: 'aurora',
    adjustments: { temperature: -0.3, saturation: 0.2 },
    tint: [0.55, 1, 0.9],
    tintAmount: 0.25,
  },
];

export function findFilter(id: string): FilterLook | undefined {
  return FILTERS.find((f) => f.id === id);
}

/** What the shaders receive for a filter; an unknown id or zero intensity leaves the photo alone. */
export interface FilterUniforms {
  vector: Float32Array;
  tint: [number, number, number];
  tintAmount: number;
  fade: number;
  intensity: number;
}

export function filterUniforms(filter: { id: string; intensity: number } | null): FilterUniforms {
  const look = filter ? findFilter(filter.id) : undefined;
  const tint = look?.tint ?? [1, 1, 1];
  return {
    vector: adjustmentVector(look?.adjustments ?? {}),
    tint: [tint[0], tint[1], tint[2]],
    tintAmount: look?.tintAmount ?? 0,
    fade: look?.fade ?? 0,
    intensity: look && filter ? clamp01(filter.intensity) : 0,
  };
}

const scratch = new Float32Array(4);

export function applyFilter(px: Float32Array, i: number, f: FilterUniforms): void {
  if (f.intensity === 0) return;
  scratch[0] = px[i]!;
  scratch[1] = px[i + 1]!;
  scratch[2] = px[i + 2]!;
  applyPointChain(scratch, 0, f.vector);
  if (f.tintAmount > 0) {
    const l = luma(scratch[0]!, scratch[1]!, scratch[2]!);
    const tl = luma(f.tint[0], f.tint[1], f.tint[2]);
    for (let k = 0; k < 3; k++) {
      const target = clamp01((l * f.tint[k]!) / tl);
      scratch[k] = scratch[k]! + (target - scratch[k]!) * f.tintAmount;
    }
  }
  for (let k = 0; k < 3; k++) {
    const c = clamp01(scratch[k]! * (1 - 0.3 * f.fade) + 0.2 * f.fade);
    px[i + k] = px[i + k]! + (c - px[i + k]!) * f.intensity;
  }
}

/**
 * Needs GLSL_ADJUSTMENTS before it. `filtered` is the pixel after the filter's own adjustment chain
 * (see glslPointChain); this adds the tint and fade and mixes by the intensity.
 */
export const GLSL_FILTER = /* glsl */ `
vec3 finishFilter(vec3 c0, vec3 filtered, vec3 tint, float tintAmount, float fade, float intensity) {
  vec3 c = filtered;
  if (tintAmount > 0.0) {
    vec3 target = clamp01(luma(c) * tint / luma(tint));
    c = c + (target - c) * tintAmount;
  }
  c = clamp01(c * (1.0 - 0.3 * fade) + 0.2 * fade);
  return c0 + (c - c0) * intensity;
}
`;
