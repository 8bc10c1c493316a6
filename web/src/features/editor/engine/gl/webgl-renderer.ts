import type { LoadImage } from '../asset-cache';
import { capSize, type Surface } from '../canvas-surface';
import { type EditState, INITIAL_EDIT_STATE } from '../edit-state';
import type { EditorEngineError } from '../errors';
import type { Size } from '../geometry/transform-geometry';
import type { PreviewRect } from '../preview-layout';
import { RendererBase } from '../renderer-base';
import { GlPipeline, type SourceTexture } from './gl-pipeline';

export const GL_CONTEXT_ATTRIBUTES: WebGLContextAttributes = {
  alpha: true,
  premultipliedAlpha: false,
  preserveDrawingBuffer: true,
  antialias: false,
  depth: false,
  stencil: false,
};

/** The GPU's name, when the browser tells it. */
export function rendererNameOf(gl: WebGL2RenderingContext): string {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
}

/**
 * The WebGL2 renderer. The preview samples a downscaled copy of the photo kept on the GPU and renders
 * at the preview rectangle's size into an off-screen WebGL canvas, which is then drawn onto the
 * visible 2D canvas under the layers. The export uploads the full photo, renders it into a
 * framebuffer and reads it back.
 */
export class WebGlRenderer extends RendererBase {
  readonly kind = 'webgl2' as const;
  private readonly pipeline: GlPipeline;
  private readonly preview: SourceTexture;
  protected readonly maxOutputSide: number;

  constructor(
    canvas: HTMLCanvasElement,
    private readonly glSurface: Surface,
    private readonly gl: WebGL2RenderingContext,
    full: ImageBitmap,
    previewImage: ImageBitmap,
    resized: boolean,
    loadImage: LoadImage,
    onError: (error: EditorEngineError) => void,
    /** Longest side the preview renders at (the canvas scales it to the preview rectangle). */
    private readonly previewMaxSide = Number.POSITIVE_INFINITY,
  ) {
    super(canvas, full, resized, loadImage, onError);
    this.pipeline = new GlPipeline(gl);
    this.maxOutputSide = Math.min(
      gl.getParameter(gl.MAX_TEXTURE_SIZE),
      gl.getParameter(gl.MAX_RENDERBUFFER_SIZE),
    );
    this.preview = this.pipeline.upload(previewImage, previewImage.width, previewImage.height);
    // One pixel through the plain program now, so a context that cannot run it fails here, where
    // the factory can still fall back to the CPU renderer.
    this.pipeline.render(this.preview, INITIAL_EDIT_STATE, { width: 1, height: 1 }, 'pixels');
  }

  protected drawPreviewPhoto(ctx: CanvasRenderingContext2D, state: EditState, rect: PreviewRect): void {
    // On a slow (software) GL the preview renders smaller and the canvas scales it up.
    const size = capSize(rect, Number.POSITIVE_INFINITY, this.previewMaxSide);
    if (this.glSurface.width !== size.width || this.glSurface.height !== size.height) {
      this.glSurface.width = size.width;
      this.glSurface.height = size.height;
    }
    this.pipeline.render(this.preview, state, size, 'canvas', this.overlayTexture(state));
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(this.glSurface, rect.x, rect.y, rect.width, rect.height);
  }

  protected renderFullSize(state: EditState, out: Size): Uint8ClampedArray<ArrayBuffer> {
    const source = this.pipeline.upload(this.full, this.full.width, this.full.height);
    try {
      const bytes = this.pipeline.render(source, state, out, 'pixels', this.overlayTexture(state))!;
      return new Uint8ClampedArray(bytes.buffer as ArrayBuffer);
    } finally {
      this.pipeline.release(source);
      // Full-size intermediates are large; the next preview frame makes small ones again.
      this.pipeline.releaseTargets();
    }
  }

  protected releaseResources(): void {
    for (const t of this.overlaysPrepared<SourceTexture>()) this.pipeline.release(t);
    this.pipeline.release(this.preview);
    this.pipeline.dispose();
    this.gl.getExtension('WEBGL_lose_context')?.loseContext();
  }

  private overlayTexture(state: EditState): SourceTexture | null {
    return this.overlayFor(state, (image) => this.pipeline.upload(image, image.width, image.height));
  }
}
