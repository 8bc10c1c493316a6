import { EditorRenderError } from './errors';
import type { Size } from './geometry/transform-geometry';
import { createPixelImage, type PixelImage } from './pixel-image';

/** A canvas off screen: OffscreenCanvas where the browser has it, else a detached <canvas>. */
export type Surface = OffscreenCanvas | HTMLCanvasElement;

export function createSurface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

export function context2d(surface: Surface, willReadFrequently = false) {
  const ctx = surface.getContext('2d', { willReadFrequently }) as
    | CanvasRenderingContext2D
    | OffscreenCanvasRenderingContext2D
    | null;
  if (!ctx) throw new EditorRenderError('No 2D canvas context');
  return ctx;
}

/** Scales an image with the browser's high-quality resampling (used for the megapixel cap and previews). */
export async function scaleImage(image: CanvasImageSource, size: Size): Promise<ImageBitmap> {
  const surface = createSurface(size.width, size.height);
  const ctx = context2d(surface);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, size.width, size.height);
  return createImageBitmap(surface);
}

/** The pixels of an image as the CPU path's float image. */
export function readPixelImage(image: CanvasImageSource, size: Size): PixelImage {
  const surface = createSurface(size.width, size.height);
  const ctx = context2d(surface, true);
  ctx.drawImage(image, 0, 0, size.width, size.height);
  const bytes = ctx.getImageData(0, 0, size.width, size.height).data;
  const result = createPixelImage(size.width, size.height);
  for (let i = 0; i < bytes.length; i++) result.data[i] = bytes[i]! / 255;
  return result;
}

export async function encodeSurface(surface: Surface, type: string, quality?: number): Promise<Blob> {
  try {
    if ('convertToBlob' in surface) return await surface.convertToBlob({ type, quality });
    return await new Promise<Blob>((resolve, reject) =>
      surface.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('toBlob gave nothing'))),
        type,
        quality,
      ),
    );
  } catch (cause) {
    throw new EditorRenderError('The edited image could not be encoded', { cause });
  }
}

/** Photos above this many megapixels are scaled down on load, and no export is larger. */
export const MAX_MEGAPIXELS = 40;

/** Largest size within `maxMegapixels` and `maxSide` with the same ratio; the size itself when it fits. */
export function capSize(size: Size, maxMegapixels: number, maxSide: number): Size {
  const pixels = size.width * size.height;
  const scale = Math.min(
    1,
    Math.sqrt((maxMegapixels * 1e6) / pixels),
    maxSide / Math.max(size.width, size.height),
  );
  if (scale >= 1) return { width: size.width, height: size.height };
  return {
    width: Math.max(1, Math.floor(size.width * scale)),
    height: Math.max(1, Math.floor(size.height * scale)),
  };
}
