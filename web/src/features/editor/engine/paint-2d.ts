import type { AssetCache } from './asset-cache';
import { context2d, createSurface, encodeSurface } from './canvas-surface';
import type { EditState } from './edit-state';
import type { Size } from './geometry/transform-geometry';
import { drawFrame } from './layers/draw-frame';
import { type Context2D, drawLayers } from './layers/draw-layers';
import type { PreviewRect } from './preview-layout';

// The stages both renderers share after the photo itself: layers and frame with Canvas 2D, on the
// preview canvas or on a full-size surface that is then encoded.

export function paintLayers(ctx: Context2D, state: EditState, rect: PreviewRect, assets: AssetCache): void {
  for (const layer of state.layers) if (layer.kind === 'text') assets.font(layer.font);
  drawLayers(ctx, state.layers, rect, assets);
  drawFrame(ctx, state.frame, rect);
}

export function previewContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('The preview canvas has no 2D context');
  return ctx;
}

/** Puts the rendered photo bytes (RGBA, top row first) on a surface, draws layers and frame, encodes. */
export async function encodeExport(
  bytes: Uint8ClampedArray<ArrayBuffer>,
  out: Size,
  state: EditState,
  assets: AssetCache,
  type: string,
  quality: number | undefined,
): Promise<Blob> {
  const surface = createSurface(out.width, out.height);
  const ctx = context2d(surface);
  ctx.putImageData(new ImageData(bytes, out.width, out.height), 0, 0);
  paintLayers(ctx, state, { x: 0, y: 0, width: out.width, height: out.height }, assets);
  return encodeSurface(surface, type, quality);
}
