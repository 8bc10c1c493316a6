import { CLARITY_INDEX, GLSL_POINT_CHAIN, SHARPNESS_INDEX } from '../adjustments/point-chain';
import { SHARPNESS_KERNEL } from '../adjustments/sharpness.adjustment';
import { GLSL_COLOR } from '../color';
import { GLSL_BLEND } from '../compose/blend-modes';
import { GLSL_FILTER } from '../compose/filters';
import { GLSL_FOCUS } from '../compose/focus-mask';
import { ADJUSTMENTS } from '../edit-state';

// Intermediate textures hold the image the right way up (row 0 = top row), so texelFetch(p) reads
// the same pixel the CPU path indexes as p. Only the final draw to the canvas turns it over.

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

export const TRANSFORM_FRAGMENT = `${HEADER}
uniform sampler2D u_source;
uniform vec2 u_size;
uniform vec3 u_row0;
uniform vec3 u_row1;
out vec4 outColor;
void main() {
  vec3 uv = vec3(gl_FragCoord.xy / u_size, 1.0);
  vec2 s = vec2(dot(u_row0, uv), dot(u_row1, uv));
  if (s.x < 0.0 || s.y < 0.0 || s.x > 1.0 || s.y > 1.0) { outColor = vec4(0.0); return; }
  outColor = texture(u_source, s);
}
`;

const N = ADJUSTMENTS.length;

export const DEVELOP_FRAGMENT = `${HEADER}
${GLSL_POINT_CHAIN}
${GLSL_FILTER}
uniform sampler2D u_base;
uniform sampler2D u_wide;
uniform float u_adj[${N}];
uniform float u_filterAdj[${N}];
uniform vec3 u_tint;
uniform float u_tintAmount;
uniform float u_fade;
uniform float u_intensity;
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
  c = applyPointChain(c, u_adj);
  c = applyFilter(c, u_filterAdj, u_tint, u_tintAmount, u_fade, u_intensity);
  outColor = vec4(c, base.a);
}
`;

export const COMPOSITE_FRAGMENT = `${HEADER}
${GLSL_COLOR}
${GLSL_FOCUS}
${GLSL_BLEND}
uniform sampler2D u_developed;
uniform sampler2D u_blurred;
uniform sampler2D u_overlay;
uniform vec2 u_size;
uniform bool u_flipY;
uniform int u_focusType;
uniform vec2 u_focusCenter;
uniform float u_focusSize;
uniform float u_focusFade;
uniform float u_focusAngle;
uniform bool u_hasOverlay;
uniform int u_blend;
uniform float u_opacity;
uniform vec2 u_coverScale;
out vec4 outColor;
void main() {
  vec2 pos = vec2(gl_FragCoord.x, u_flipY ? u_size.y - gl_FragCoord.y : gl_FragCoord.y);
  ivec2 p = ivec2(pos);
  vec4 c = texelFetch(u_developed, p, 0);
  if (u_focusType >= 0) {
    float m = focusMask(u_focusType, u_focusCenter, u_focusSize, u_focusFade, u_focusAngle, pos, u_size);
    vec4 b = texelFetch(u_blurred, p, 0);
    c = b + (c - b) * m;
  }
  if (u_hasOverlay) {
    vec2 uv = (pos / u_size - 0.5) * u_coverScale + 0.5;
    c.rgb = blendOver(u_blend, c.rgb, texture(u_overlay, uv), u_opacity);
  }
  outColor = c;
}
`;
