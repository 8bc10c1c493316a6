import { step01 } from '../color';
import { FOCUS_TYPES, type Focus } from '../edit-state';

/**
 * How sharp a pixel stays under a focus (1 sharp, 0 fully blurred). Distances are in units of the
 * image's shorter side, measured from the focus centre (x, y as fractions of width and height).
 * The band of mirrored and linear runs along `angle` degrees (0 = horizontal, clockwise); mirrored is
 * sharp within `size` on both sides of the band's centre line, linear on one side of a line `size`
 * below the centre. Gaussian blurs the whole image.
 */
export function focusMask(focus: Focus, px: number, py: number, width: number, height: number): number {
  const s = Math.min(width, height);
  const dx = (px - focus.x * width) / s;
  const dy = (py - focus.y * height) / s;
  const a = (focus.angle * Math.PI) / 180;
  const nx = -Math.sin(a);
  const ny = Math.cos(a);
  let d: number;
  switch (focus.type) {
    case 'radial':
      d = Math.sqrt(dx * dx + dy * dy);
      break;
    case 'mirrored':
      d = Math.abs(dx * nx + dy * ny);
      break;
    case 'linear':
      d = dx * nx + dy * ny;
      break;
    default:
      return 0;
  }
  return 1 - step01(focus.size, focus.size + focus.fade, d);
}

/** Blur sigma in pixels: at blur 1, 2.5 % of the longer side. */
export const focusSigma = (focus: Focus, width: number, height: number) =>
  Math.max(0, Math.min(1, focus.blur)) * 0.025 * Math.max(width, height);

export const focusTypeIndex = (focus: Focus) => FOCUS_TYPES.indexOf(focus.type);

/** Needs GLSL_COLOR. `type` is the index in FOCUS_TYPES, `angle` in radians, `p` a pixel centre. */
export const GLSL_FOCUS = /* glsl */ `
float focusMask(int type, vec2 center, float size, float fade, float angle, vec2 p, vec2 imageSize) {
  float s = min(imageSize.x, imageSize.y);
  vec2 d = (p - center * imageSize) / s;
  vec2 n = vec2(-sin(angle), cos(angle));
  float dist;
  if (type == 0) dist = length(d);
  else if (type == 1) dist = abs(dot(d, n));
  else if (type == 2) dist = dot(d, n);
  else return 0.0;
  return 1.0 - step01(size, size + fade, dist);
}
`;
