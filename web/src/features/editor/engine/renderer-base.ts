import { AssetCache, type LoadImage } from './asset-cache';
import { capSize, MAX_MEGAPIXELS } from './canvas-surface';
import type { EditState } from './edit-state';
import { type EditorEngineError, EditorRenderError } from './errors';
import { outputSize, type Size } from './geometry/transform-geometry';
import { encodeExport, paintLayers, previewContext } from './paint-2d';
import { type PreviewRect, previewRect } from './preview-layout';
import type { EditorRenderer } from './renderer';

/**
 * What both renderers share: where the photo sits on the preview canvas, the layers and frame over
 * it, loading assets (and redrawing when one arrives), and finishing and encoding the export. A
 * renderer supplies only the photo itself, at preview size and at full size.
 */
export abstract class RendererBase implements EditorRenderer {
  abstract readonly kind: EditorRenderer['kind'];
  protected readonly assets: AssetCache;
  private readonly ctx: CanvasRenderingContext2D;
  private last: EditState | null = null;
  private readonly preparedOverlays = new Map<string, unknown>();
  protected disposed = false;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    protected readonly full: ImageBitmap,
    readonly resized: boolean,
    loadImage: LoadImage,
    onError: (error: EditorEngineError) => void,
  ) {
    this.ctx = previewContext(canvas);
    this.assets = new AssetCache(
      loadImage,
      () => {
        if (!this.last || this.disposed) return;
        try {
          this.renderPreview(this.last);
        } catch (cause) {
          onError(
            cause instanceof EditorRenderError ? cause : new EditorRenderError('Preview failed', { cause }),
          );
        }
      },
      onError,
    );
  }

  get sourceSize(): Size {
    return { width: this.full.width, height: this.full.height };
  }

  renderPreview(state: EditState): void {
    if (this.disposed) return;
    this.last = state;
    const rect = previewRect(this.canvas, outputSize(this.sourceSize, state.transform));
    this.ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    this.drawPreviewPhoto(this.ctx, state, rect);
    paintLayers(this.ctx, state, rect, this.assets);
  }

  ready(state: EditState): Promise<void> {
    return this.assets.settle(state);
  }

  async export(state: EditState, type: 'image/jpeg' | 'image/png', quality = 0.92): Promise<Blob> {
    await this.assets.settle(state);
    const out = capSize(outputSize(this.sourceSize, state.transform), MAX_MEGAPIXELS, this.maxOutputSide);
    let bytes: Uint8ClampedArray<ArrayBuffer>;
    try {
      bytes = this.renderFullSize(state, out);
    } catch (cause) {
      throw cause instanceof EditorRenderError
        ? cause
        : new EditorRenderError('The export could not be rendered', { cause });
    }
    return encodeExport(bytes, out, state, this.assets, type, quality);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.assets.dispose();
    this.releaseResources();
  }

  /**
   * The state's overlay image in the form the renderer samples (`prepare` runs once per image), or
   * null while it loads or when the state has none.
   */
  protected overlayFor<T>(state: EditState, prepare: (image: ImageBitmap) => T): T | null {
    if (!state.overlay) return null;
    const { src } = state.overlay;
    if (this.preparedOverlays.has(src)) return this.preparedOverlays.get(src) as T;
    const image = this.assets.overlay(src);
    if (!image) return null;
    const prepared = prepare(image);
    this.preparedOverlays.set(src, prepared);
    return prepared;
  }

  protected overlaysPrepared<T>(): T[] {
    return [...this.preparedOverlays.values()] as T[];
  }

  /** Draws the edited photo (no layers) into `rect` of the preview canvas. */
  protected abstract drawPreviewPhoto(
    ctx: CanvasRenderingContext2D,
    state: EditState,
    rect: PreviewRect,
  ): void;
  /** The edited photo at `out` pixels as RGBA bytes, top row first. */
  protected abstract renderFullSize(state: EditState, out: Size): Uint8ClampedArray<ArrayBuffer>;
  protected abstract releaseResources(): void;
  /** The longest side an export may have (a GPU's texture limit); a larger resolution is scaled down. */
  protected abstract readonly maxOutputSide: number;
}
