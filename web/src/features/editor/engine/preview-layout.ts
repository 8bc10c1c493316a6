import type { Size } from './geometry/transform-geometry';

/** Where the edited photo sits in the preview canvas: fitted whole and centred, in canvas pixels. */
export interface PreviewRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function previewRect(canvas: Size, output: Size): PreviewRect {
  const scale = Math.min(canvas.width / output.width, canvas.height / output.height);
  const width = Math.max(1, Math.min(canvas.width, Math.round(output.width * scale)));
  const height = Math.max(1, Math.min(canvas.height, Math.round(output.height * scale)));
  return {
    x: Math.floor((canvas.width - width) / 2),
    y: Math.floor((canvas.height - height) / 2),
    width,
    height,
  };
}

/** A point on the canvas (canvas pixels) as fractions of the edited photo, the unit layers and focus use. */
export function canvasToImage(rect: PreviewRect, x: number, y: number): { x: number; y: number } {
  return { x: (x - rect.x) / rect.width, y: (y - rect.y) / rect.height };
}

export function imageToCanvas(rect: PreviewRect, x: number, y: number): { x: number; y: number } {
  return { x: rect.x + x * rect.width, y: rect.y + y * rect.height };
}
