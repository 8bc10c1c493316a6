import { CLARITY_SIGMA, clarity } from '../adjustments/clarity.adjustment';
import {
  adjustmentVector,
  applyPointChain,
  CLARITY_INDEX,
  SHARPNESS_INDEX,
} from '../adjustments/point-chain';
import { SHARPNESS_KERNEL, sharpness } from '../adjustments/sharpness.adjustment';
import { blendPixel } from '../compose/blend-modes';
import { blurKernel, blurPixels } from '../compose/blur';
import { applyFilter, filterUniforms } from '../compose/filters';
import { focusMask, focusSigma } from '../compose/focus-mask';
import { coverScale, sampleBilinear } from '../compose/sampling';
import type { EditState } from '../edit-state';
import { applyAffine, outputUvToSourceUv, type Size } from '../geometry/transform-geometry';
import { createPixelImage, type PixelImage } from '../pixel-image';

/**
 * The reference pipeline, on the CPU: transform → sharpness and clarity (against blurs of the
 * transformed photo) → the one-pixel adjustments → filter → focus (mix with a blur of the result by
 * the focus mask) → overlay blend. The WebGL2 pipeline runs the same stages with the GLSL twins.
 */
export function renderPixels(
  source: PixelImage,
  state: EditState,
  out: Size,
  overlay: PixelImage | null = null,
): PixelImage {
  const base = transformStage(source, state, out);
  const developed = developStage(base, state);
  const focused = focusStage(developed, state);
  overlayStage(focused, state, overlay);
  return focused;
}

export function transformStage(source: PixelImage, state: EditState, out: Size): PixelImage {
  const result = createPixelImage(out.width, out.height);
  const m = outputUvToSourceUv(source, state.transform);
  for (let y = 0; y < out.height; y++) {
    for (let x = 0; x < out.width; x++) {
      const [u, v] = applyAffine(m, (x + 0.5) / out.width, (y + 0.5) / out.height);
      // Outside the photo (corners a straighten uncovers) stays transparent.
      if (u < 0 || v < 0 || u > 1 || v > 1) continue;
      sampleBilinear(source, u, v, result.data, (y * out.width + x) * 4);
    }
  }
  return result;
}

function box3(img: PixelImage): PixelImage {
  const { width, height, data } = img;
  const result = createPixelImage(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      for (let dy = -1; dy <= 1; dy++) {
        const qy = Math.min(Math.max(y + dy, 0), height - 1);
        for (let dx = -1; dx <= 1; dx++) {
          const qx = Math.min(Math.max(x + dx, 0), width - 1);
          const w = SHARPNESS_KERNEL[(dy + 1) * 3 + dx + 1]!;
          const q = (qy * width + qx) * 4;
          for (let k = 0; k < 3; k++) result.data[o + k] = result.data[o + k]! + data[q + k]! * w;
        }
      }
    }
  }
  return result;
}

export function developStage(base: PixelImage, state: EditState): PixelImage {
  const vector = adjustmentVector(state.adjustments);
  const filter = filterUniforms(state.filter);
  const sharp = vector[SHARPNESS_INDEX]!;
  const clear = vector[CLARITY_INDEX]!;
  const near = sharp !== 0 ? box3(base) : null;
  const clarityKernel = clear !== 0 ? blurKernel(CLARITY_SIGMA * Math.max(base.width, base.height)) : null;
  const wide = clarityKernel ? blurPixels(base, clarityKernel) : null;
  // The blurs above are copies, so the base can be developed in place.
  const result = base;
  const px = result.data;
  for (let i = 0; i < px.length; i += 4) {
    if (near) sharpness.apply(px, i, sharp, near.data);
    if (wide) clarity.apply(px, i, clear, wide.data);
    applyPointChain(px, i, vector);
    applyFilter(px, i, filter);
  }
  return result;
}

export function focusStage(developed: PixelImage, state: EditState): PixelImage {
  const focus = state.focus;
  if (!focus) return developed;
  const { width, height } = developed;
  const kernel = blurKernel(focusSigma(focus, width, height));
  if (!kernel) return developed;
  const blurred = blurPixels(developed, kernel);
  const d = developed.data;
  const b = blurred.data;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const m = focusMask(focus, x + 0.5, y + 0.5, width, height);
      const o = (y * width + x) * 4;
      for (let k = 0; k < 4; k++) b[o + k] = b[o + k]! + (d[o + k]! - b[o + k]!) * m;
    }
  }
  return blurred;
}

export function overlayStage(img: PixelImage, state: EditState, overlay: PixelImage | null): void {
  const spec = state.overlay;
  if (!spec || !overlay) return;
  const { width, height, data } = img;
  const [sx, sy] = coverScale(width, height, overlay.width, overlay.height);
  const sample = new Float32Array(4);
  const opacity = Math.max(0, Math.min(1, spec.opacity));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = ((x + 0.5) / width - 0.5) * sx + 0.5;
      const v = ((y + 0.5) / height - 0.5) * sy + 0.5;
      sampleBilinear(overlay, u, v, sample, 0);
      blendPixel(spec.blend, data, (y * width + x) * 4, sample, 0, opacity);
    }
  }
}
