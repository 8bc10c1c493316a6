// Every engine stage works on non-premultiplied RGBA with channels as 0..1 floats holding the
// photo's own sRGB-encoded values: what a JPEG decodes to, divided by 255. Only exposure steps into
// linear light (and straight back), because a stop of light is a multiplication there. Each helper here
// has a GLSL twin in GLSL_COLOR below with the same formula, so the CPU and the GPU paths agree.

export const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);

/** Rec. 709 luma weights, on the sRGB-encoded values. */
export const luma = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** Hermite step; a zero-width edge becomes a hard step instead of GLSL's undefined result. */
export function step01(edge0: number, edge1: number, x: number): number {
  const width = Math.max(edge1 - edge0, 1e-5);
  const t = clamp01((x - edge0) / width);
  return t * t * (3 - 2 * t);
}

export const srgbToLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
export const linearToSrgb = (c: number) =>
  c <= 0.0031308 ? c * 12.92 : 1.055 * Math.max(c, 0) ** (1 / 2.4) - 0.055;

export const GLSL_COLOR = /* glsl */ `
float clamp01(float x) { return clamp(x, 0.0, 1.0); }
vec3 clamp01(vec3 x) { return clamp(x, 0.0, 1.0); }
float luma(vec3 c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; }
float step01(float edge0, float edge1, float x) {
  float width = max(edge1 - edge0, 1e-5);
  float t = clamp01((x - edge0) / width);
  return t * t * (3.0 - 2.0 * t);
}
float srgbToLinear(float c) { return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4); }
float linearToSrgb(float c) { return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(max(c, 0.0), 1.0 / 2.4) - 0.055; }
`;
