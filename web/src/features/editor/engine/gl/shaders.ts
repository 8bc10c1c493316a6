import { CLARITY_INDEX, GLSL_ADJUSTMENTS, glslPointChain, SHARPNESS_INDEX } from '../adjustments/point-chain';
import { SHARPNESS_KERNEL } from '../adjustments/sharpness.adjustment';
import { GLSL_COLOR } from '../color';
import { GLSL_BLEND } from '../compose/blend-modes';
import { GLSL_FILTER } from '../compose/filters';
import { GLSL_FOCUS } from '../compose/focus-mask';
import { ADJUSTMENTS } from '../edit-state';

// Intermediate textures hold the image the right way up (row 0 = top row), so texelFetch(p) reads
// the same pixel the CPU path indexes as p. Only the final draw to the canvas turns it over.
// The stages are GLSL snippets put together into four programs: TRANSFORM, DEVELOP and COMPOSITE
// for edits that need neighbouring pixels (sharpness, clarity, focus), and DIRECT, all three in one
// pass, for the rest, which is what a slider drag mostly is.

const HEADER = `#version 300 es
precision highp float;
precision highp int;
`;

/** One triangle covering the viewport; no vertex buffer needed. */
export const VERTEX = `#version 300 es
void main() {
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
`;

const N = ADJUSTMENTS.length;

/** The output pixel's position in image orientation (y down), and the output size. */
const POSITION = `
uniform vec2 u_size;
uniform bool u_flipY;
vec2 outputPosition() { return vec2(gl_FragCoord.x, u_flipY ? u_size.y - gl_FragCoord.y : gl_FragCoord.y); }
`;

const TRANSFORM = `
uniform sampler2D u_source;
uniform vec3 u_row0;
uniform vec3 u_row1;
vec4 transformSample(vec2 pos) {
  vec3 uv = vec3(pos / u_size, 1.0);
  vec2 s = vec2(dot(u_row0, uv), dot(u_row1, uv));
  if (s.x < 0.0 || s.y < 0.0 || s.x > 1.0 || s.y > 1.0) return vec4(0.0);
  return texture(u_source, s);
}
`;

/**
 * Which stages a program holds. Programs are made per combination (and kept): a slider drag keeps
 * one combination, so it runs a program with exactly its adjustments and no branches.
 */
export interface StageSpec {
  /** Adjustments with a value other than 0, in ADJUSTMENTS order. */
  user: readonly boolean[];
  /** The filter's adjustments likewise, or null when no filter applies. */
  filter: readonly boolean[] | null;
  /** Index of the overlay's blend mode in BLEND_MODES, or -1 without an overlay. */
  blend: number;
  /** Index of the focus type in FOCUS_TYPES, or -1 without a focus. */
  focus: number;
}

export const stageKey = (spec: StageSpec) =>
  `${[spec.user, spec.filter ?? []].map((m) => m.map((b) => (b ? 1 : 0)).join('')).join('/')} b${spec.blend} f${spec.focus}`;

const developPoint = (spec: StageSpec) => `
${GLSL_ADJUSTMENTS}
${GLSL_FILTER}
uniform float u_adj[${N}];
uniform float u_filterAdj[${N}];
uniform vec3 u_tint;
uniform float u_tintAmount;
uniform float u_fade;
uniform float u_intensity;
${glslPointChain('userChain', 'u_adj', spec.user)}
${glslPointChain('filterChain', 'u_filterAdj', spec.filter ?? [])}
vec3 developPoint(vec3 c) {
  c = userChain(c);
  ${spec.filter ? 'c = finishFilter(c, filterChain(c), u_tint, u_tintAmount, u_fade, u_intensity);' : ''}
  return c;
}
`;

// The blend mode is a constant of the program, so the mode's branch is the only one compiled in.
const overlay = (blend: number) =>
  blend >= 0
    ? `
${GLSL_BLEND}
uniform sampler2D u_overlay;
uniform float u_opacity;
uniform vec2 u_coverScale;
vec3 overlayBlend(vec3 c, vec2 pos) {
  vec2 uv = (pos / u_size - 0.5) * u_coverScale + 0.5;
  return blendOver(${blend}, c, texture(u_overlay, uv), u_opacity);
}
`
    : 'vec3 overlayBlend(vec3 c, vec2 pos) { return c; }';

export const TRANSFORM_FRAGMENT = `${HEADER}
${POSITION}
${TRANSFORM}
out vec4 outColor;
void main() { outColor = transformSample(outputPosition()); }
`;

export const developFragment = (spec: StageSpec) => `${HEADER}
${developPoint(spec)}
uniform sampler2D u_base;
uniform sampler2D u_wide;
out vec4 outColor;
const float K[9] = float[9](${SHARPNESS_KERNEL.map((k) => k.toFixed(6)).join(', ')});
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  ivec2 last = textureSize(u_base, 0) - 1;
  vec4 base = texelFetch(u_base, p, 0);
  vec3 c = base.rgb;
  float sharp = u_adj[${SHARPNESS_INDEX}];
  if (sharp != 0.0) {
    vec3 near = vec3(0.0);
    for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++)
        near += texelFetch(u_base, clamp(p + ivec2(dx, dy), ivec2(0), last), 0).rgb * K[(dy + 1) * 3 + dx + 1];
    c = adjust_sharpness(c, near, sharp);
  }
  float clear = u_adj[${CLARITY_INDEX}];
  if (clear != 0.0) c = adjust_clarity(c, texelFetch(u_wide, p, 0).rgb, clear);
  outColor = vec4(developPoint(c), base.a);
}
`;

export const compositeFragment = (spec: StageSpec) => `${HEADER}
${GLSL_COLOR}
${POSITION}
${GLSL_FOCUS}
${overlay(spec.blend)}
uniform sampler2D u_developed;
uniform sampler2D u_blurred;
uniform vec2 u_focusCenter;
uniform float u_focusSize;
uniform float u_focusFade;
uniform float u_focusAngle;
out vec4 outColor;
void main() {
  vec2 pos = outputPosition();
  ivec2 p = ivec2(pos);
  vec4 c = texelFetch(u_developed, p, 0);
  if (${spec.focus} >= 0) {
    float m = focusMask(${spec.focus}, u_focusCenter, u_focusSize, u_focusFade, u_focusAngle, pos, u_size);
    vec4 b = texelFetch(u_blurred, p, 0);
    c = b + (c - b) * m;
  }
  outColor = vec4(overlayBlend(c.rgb, pos), c.a);
}
`;

export const directFragment = (spec: StageSpec) => `${HEADER}
${POSITION}
${TRANSFORM}
${developPoint(spec)}
${overlay(spec.blend)}
out vec4 outColor;
void main() {
  vec2 pos = outputPosition();
  vec4 base = transformSample(pos);
  outColor = vec4(overlayBlend(developPoint(base.rgb), pos), base.a);
}
`;
