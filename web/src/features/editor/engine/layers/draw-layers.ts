import type { BrushStroke, Layer, StickerLayer, TextLayer } from '../edit-state';
import type { PreviewRect } from '../preview-layout';
import { cssFont, findFont } from './fonts';
import { findTextDesign } from './text-designs';

export type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** A sticker's width at scale 1, as a fraction of the photo's width. */
export const STICKER_WIDTH = 0.2;
/** Text's font size at scale 1, as a fraction of the photo's width. */
export const TEXT_SIZE = 0.06;

/** What drawing needs besides the state: the loaded sticker images (null while one is loading). */
export interface LayerAssets {
  sticker(id: string): CanvasImageSource | null;
}

/** Draws the layers in order over the photo lying at `rect` (so the same code serves preview and export). */
export function drawLayers(
  ctx: Context2D,
  layers: readonly Layer[],
  rect: PreviewRect,
  assets: LayerAssets,
): void {
  for (const layer of layers) {
    ctx.save();
    if (layer.kind === 'brush') drawStroke(ctx, layer, rect);
    else if (layer.kind === 'sticker') drawSticker(ctx, layer, rect, assets);
    else drawText(ctx, layer, rect);
    ctx.restore();
  }
}

function place(ctx: Context2D, layer: { x: number; y: number; rotation: number }, rect: PreviewRect): void {
  ctx.translate(rect.x + layer.x * rect.width, rect.y + layer.y * rect.height);
  ctx.rotate((layer.rotation * Math.PI) / 180);
}

function drawSticker(ctx: Context2D, layer: StickerLayer, rect: PreviewRect, assets: LayerAssets): void {
  const image = assets.sticker(layer.stickerId);
  if (!image) return;
  const size = STICKER_WIDTH * rect.width * layer.scale;
  place(ctx, layer, rect);
  ctx.drawImage(image, -size / 2, -size / 2, size, size);
}

/** The block a text layer takes, in its own unrotated frame centred on (0, 0); screens use it for handles. */
export function measureText(ctx: Context2D, layer: TextLayer, photoWidth: number) {
  const design = findTextDesign(layer.design);
  const fontSize = TEXT_SIZE * photoWidth * layer.scale;
  const text = design?.uppercase ? layer.text.toLocaleUpperCase() : layer.text;
  const lines = text.split('\n');
  ctx.font = cssFont(findFont(layer.font), fontSize);
  const textWidth = Math.max(1, ...lines.map((line) => ctx.measureText(line).width));
  const lineHeight = fontSize * (design?.lineHeight ?? 1.25);
  const pad = fontSize * (design?.padding ?? 0.3);
  return {
    design,
    fontSize,
    lines,
    lineHeight,
    textWidth,
    pad,
    width: textWidth + 2 * pad,
    height: lines.length * lineHeight + 2 * pad,
  };
}

function drawText(ctx: Context2D, layer: TextLayer, rect: PreviewRect): void {
  if (layer.text.trim() === '') return;
  const m = measureText(ctx, layer, rect.width);
  const { design, fontSize } = m;
  place(ctx, layer, rect);
  const background = layer.background ?? design?.background ?? null;
  if (background) {
    ctx.fillStyle = background;
    ctx.beginPath();
    ctx.roundRect(-m.width / 2, -m.height / 2, m.width, m.height, fontSize * (design?.radius ?? 0));
    ctx.fill();
  }
  if (design?.shadow) {
    ctx.shadowColor = design.shadow.color;
    ctx.shadowBlur = design.shadow.blur * fontSize;
    ctx.shadowOffsetX = design.shadow.offset * fontSize;
    ctx.shadowOffsetY = design.shadow.offset * fontSize;
  }
  ctx.textAlign = layer.align;
  ctx.textBaseline = 'middle';
  const x = layer.align === 'left' ? -m.textWidth / 2 : layer.align === 'right' ? m.textWidth / 2 : 0;
  const top = -((m.lines.length - 1) * m.lineHeight) / 2;
  m.lines.forEach((line, k) => {
    const y = top + k * m.lineHeight;
    if (design && design.outline > 0) {
      ctx.lineJoin = 'round';
      ctx.lineWidth = design.outline * fontSize * 2;
      ctx.strokeStyle = design.outlineColor;
      ctx.strokeText(line, x, y);
    }
    ctx.fillStyle = layer.color;
    ctx.fillText(line, x, y);
  });
}

/** A stroke through its points, smoothed with quadratic curves through the midpoints. */
function drawStroke(ctx: Context2D, stroke: BrushStroke, rect: PreviewRect): void {
  const pts = stroke.points.map((p) => [rect.x + p.x * rect.width, rect.y + p.y * rect.height] as const);
  if (pts.length === 0) return;
  ctx.strokeStyle = stroke.color;
  ctx.fillStyle = stroke.color;
  ctx.lineWidth = Math.max(0.5, stroke.size * rect.width);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  const [x0, y0] = pts[0]!;
  if (pts.length === 1) {
    ctx.arc(x0, y0, ctx.lineWidth / 2, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  ctx.moveTo(x0, y0);
  for (let k = 1; k < pts.length - 1; k++) {
    const [x, y] = pts[k]!;
    const [nx, ny] = pts[k + 1]!;
    ctx.quadraticCurveTo(x, y, (x + nx) / 2, (y + ny) / 2);
  }
  const [lx, ly] = pts[pts.length - 1]!;
  ctx.lineTo(lx, ly);
  ctx.stroke();
}
