import { BLEND_MODES, type BlendMode } from '../edit-state';

// The separable blend modes of the W3C Compositing and Blending spec, per channel, with `b` the
// photo (backdrop) and `s` the overlay (source). The result is mixed over the photo by
// opacity x overlay alpha.

const multiply = (b: number, s: number) => b * s;
const screen = (b: number, s: number) => b + s - b * s;
const hardLight = (b: number, s: number) => (s <= 0.5 ? multiply(b, 2 * s) : screen(b, 2 * s - 1));
function softLight(b: number, s: number): number {
  if (s <= 0.5) return b - (1 - 2 * s) * b * (1 - b);
  const d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : Math.sqrt(b);
  return b + (2 * s - 1) * (d - b);
}
function colorBurn(b: number, s: number): number {
  if (b >= 1) return 1;
  if (s <= 0) return 0;
  return 1 - Math.min(1, (1 - b) / s);
}

export const BLEND_FUNCTIONS: Record<BlendMode, (b: number, s: number) => number> = {
  normal: (_b, s) => s,
  overlay: (b, s) => hardLight(s, b),
  hardLight,
  softLight,
  multiply,
  darken: Math.min,
  lighten: Math.max,
  screen,
  colorBurn,
};

/** Blends the overlay pixel `ov[j]` over the photo pixel `px[i]` in place. */
export function blendPixel(
  mode: BlendMode,
  px: Float32Array,
  i: number,
  ov: ArrayLike<number>,
  j: number,
  opacity: number,
): void {
  const f = BLEND_FUNCTIONS[mode];
  const a = opacity * ov[j + 3]!;
  if (a <= 0) return;
  for (let k = 0; k < 3; k++) {
    const b = px[i + k]!;
    px[i + k] = b + (f(b, ov[j + k]!) - b) * a;
  }
}

export const blendModeIndex = (mode: BlendMode) => BLEND_MODES.indexOf(mode);

export const GLSL_BLEND = /* glsl */ `
float blendMultiply(float b, float s) { return b * s; }
float blendScreen(float b, float s) { return b + s - b * s; }
float blendHardLight(float b, float s) { return s <= 0.5 ? blendMultiply(b, 2.0 * s) : blendScreen(b, 2.0 * s - 1.0); }
float blendSoftLight(float b, float s) {
  if (s <= 0.5) return b - (1.0 - 2.0 * s) * b * (1.0 - b);
  float d = b <= 0.25 ? ((16.0 * b - 12.0) * b + 4.0) * b : sqrt(b);
  return b + (2.0 * s - 1.0) * (d - b);
}
float blendColorBurn(float b, float s) {
  if (b >= 1.0) return 1.0;
  if (s <= 0.0) return 0.0;
  return 1.0 - min(1.0, (1.0 - b) / s);
}
float blendChannel(int mode, float b, float s) {
  if (mode == 0) return s;
  if (mode == 1) return blendHardLight(s, b);
  if (mode == 2) return blendHardLight(b, s);
  if (mode == 3) return blendSoftLight(b, s);
  if (mode == 4) return blendMultiply(b, s);
  if (mode == 5) return min(b, s);
  if (mode == 6) return max(b, s);
  if (mode == 7) return blendScreen(b, s);
  return blendColorBurn(b, s);
}
vec3 blendOver(int mode, vec3 b, vec4 s, float opacity) {
  vec3 f = vec3(blendChannel(mode, b.r, s.r), blendChannel(mode, b.g, s.g), blendChannel(mode, b.b, s.b));
  return b + (f - b) * (opacity * s.a);
}
`;
