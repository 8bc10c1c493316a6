import type { Frame } from '../edit-state';
import type { PreviewRect } from '../preview-layout';
import type { Context2D } from './draw-layers';
import { findFrame } from './frames';

/** Draws a frame over the edges of the photo lying at `rect`; an unknown frame id draws nothing. */
export function drawFrame(ctx: Context2D, frame: Frame | null, rect: PreviewRect): void {
  if (!frame || !findFrame(frame.id)) return;
  const t = Math.max(0, frame.thickness) * Math.min(rect.width, rect.height);
  if (t <= 0) return;
  const { x, y, width: w, height: h } = rect;
  ctx.save();
  ctx.fillStyle = frame.color;
  ctx.strokeStyle = frame.color;
  const band = (inset: number, thickness: number, bottom = thickness) => {
    ctx.beginPath();
    ctx.rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset);
    ctx.rect(
      x + inset + thickness,
      y + inset + thickness,
      w - 2 * (inset + thickness),
      h - 2 * inset - thickness - bottom,
    );
    ctx.fill('evenodd');
  };
  switch (frame.id) {
    case 'solid':
      band(0, t);
      break;
    case 'double':
      band(0, t * 0.45);
      band(t * 0.7, t * 0.3);
      break;
    case 'rounded':
      ctx.beginPath();
      ctx.rect(x, y, w, h);
      ctx.roundRect(x + t, y + t, w - 2 * t, h - 2 * t, t * 2.5);
      ctx.fill('evenodd');
      break;
    case 'polaroid':
      band(0, t, t * 3.5);
      break;
    case 'film':
      drawFilm(ctx, rect, t);
      break;
    case 'inset':
      ctx.lineWidth = Math.max(1, t * 0.2);
      ctx.strokeRect(x + t, y + t, w - 2 * t, h - 2 * t);
      break;
  }
  ctx.restore();
}

/** Dark bands top and bottom with sprocket holes, like a strip of 35 mm film. */
function drawFilm(ctx: Context2D, rect: PreviewRect, t: number): void {
  const { x, y, width: w, height: h } = rect;
  ctx.fillRect(x, y, w, t);
  ctx.fillRect(x, y + h - t, w, t);
  ctx.fillRect(x, y, t * 0.2, h);
  ctx.fillRect(x + w - t * 0.2, y, t * 0.2, h);
  const hole = t * 0.4;
  const pitch = hole * 1.9;
  const count = Math.max(1, Math.floor(w / pitch));
  const start = x + (w - count * pitch) / 2 + (pitch - hole) / 2;
  ctx.fillStyle = 'rgba(245, 245, 240, 0.9)';
  for (let k = 0; k < count; k++) {
    const hx = start + k * pitch;
    for (const hy of [y + (t - hole) / 2, y + h - t + (t - hole) / 2]) {
      ctx.beginPath();
      ctx.roundRect(hx, hy, hole, hole, hole * 0.2);
      ctx.fill();
    }
  }
}
