import type { AdjustmentName } from '../edit-state';

/**
 * An adjustment that looks at one pixel only. `apply` changes the RGB of the pixel starting at
 * `px[i]` in place (alpha untouched); `glsl` defines `vec3 adjust_<name>(vec3 c, float v)` with the
 * same formula. `v` runs -1..1 and 0 returns the pixel unchanged.
 */
export interface PointAdjustment {
  readonly name: AdjustmentName;
  apply(px: Float32Array, i: number, v: number): void;
  readonly glsl: string;
}

/**
 * An adjustment that compares a pixel with a blurred copy of the image (sharpness, clarity). `blurred`
 * holds that copy with the same layout as `px`; `glsl` defines
 * `vec3 adjust_<name>(vec3 c, vec3 blurred, float v)`.
 */
export interface DetailAdjustment {
  readonly name: AdjustmentName;
  apply(px: Float32Array, i: number, v: number, blurred: Float32Array): void;
  readonly glsl: string;
}
