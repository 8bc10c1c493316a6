import type { LoadImage } from '../asset-cache';
import { capSize, context2d, createSurface, readPixelImage, type Surface } from '../canvas-surface';
import type { EditState } from '../edit-state';
import type { EditorEngineError } from '../errors';
import type { Size } from '../geometry/transform-geometry';
import { type PixelImage, pixelImageToBytes } from '../pixel-image';
import type { PreviewRect } from '../preview-layout';
import { RendererBase } from '../renderer-base';
import { renderPixels } from './cpu-pipeline';

/** Longest side the CPU preview renders at; the canvas scales it to the preview rectangle. */
export const CPU_PREVIEW_RENDER_SIDE = 720;

/**
 * The renderer for browsers without a usable WebGL2: the reference pipeline in plain JavaScript. The
 * preview works from a small copy of the photo; the export reads the full photo only when asked.
 */
export class CpuRenderer extends RendererBase {
  readonly kind = 'cpu' as const;
  private readonly preview: PixelImage;
  private scratch: Surface | null = null;
  /** Canvas 2D's own limit in the common browsers. */
  protected readonly maxOutputSide = 16_384;

  constructor(
    canvas: HTMLCanvasElement,
    full: ImageBitmap,
    previewImage: ImageBitmap,
    resized: boolean,
    loadImage: LoadImage,
    onError: (error: EditorEngineError) => void,
  ) {
    super(canvas, full, resized, loadImage, onError);
    this.preview = readPixelImage(previewImage, previewImage);
  }

  protected drawPreviewPhoto(ctx: CanvasRenderingContext2D, state: EditState, rect: PreviewRect): void {
    // Rendered at most CPU_PREVIEW_RENDER_SIDE long and scaled up by the canvas: a slider stays usable.
    const size = capSize(rect, Number.POSITIVE_INFINITY, CPU_PREVIEW_RENDER_SIDE);
    const pixels = renderPixels(this.preview, state, size, this.overlayPixels(state));
    const image = new ImageData(pixelImageToBytes(pixels), size.width, size.height);
    if (size.width === rect.width && size.height === rect.height) {
      ctx.putImageData(image, rect.x, rect.y);
      return;
    }
    if (this.scratch?.width !== size.width || this.scratch.height !== size.height) {
      this.scratch = createSurface(size.width, size.height);
    }
    context2d(this.scratch).putImageData(image, 0, 0);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(this.scratch, rect.x, rect.y, rect.width, rect.height);
  }

  protected renderFullSize(state: EditState, out: Size): Uint8ClampedArray<ArrayBuffer> {
    const source = readPixelImage(this.full, this.full);
    return pixelImageToBytes(renderPixels(source, state, out, this.overlayPixels(state)));
  }

  protected releaseResources(): void {}

  private overlayPixels(state: EditState): PixelImage | null {
    return this.overlayFor(state, (image) => readPixelImage(image, image));
  }
}
