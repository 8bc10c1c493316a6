import type { LoadImage } from '../asset-cache';
import { readPixelImage } from '../canvas-surface';
import type { EditState } from '../edit-state';
import type { EditorEngineError } from '../errors';
import type { Size } from '../geometry/transform-geometry';
import { type PixelImage, pixelImageToBytes } from '../pixel-image';
import type { PreviewRect } from '../preview-layout';
import { RendererBase } from '../renderer-base';
import { renderPixels } from './cpu-pipeline';

/**
 * The renderer for browsers without a usable WebGL2: the reference pipeline in plain JavaScript. The
 * preview works from a small copy of the photo; the export reads the full photo only when asked.
 */
export class CpuRenderer extends RendererBase {
  readonly kind = 'cpu' as const;
  private readonly preview: PixelImage;
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
    const pixels = renderPixels(this.preview, state, rect, this.overlayPixels(state));
    ctx.putImageData(new ImageData(pixelImageToBytes(pixels), rect.width, rect.height), rect.x, rect.y);
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
