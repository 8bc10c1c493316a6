import { defaultLoadImage, type LoadImage } from './asset-cache';
import { capSize, createSurface, MAX_MEGAPIXELS, scaleImage } from './canvas-surface';
import { CpuRenderer } from './cpu/cpu-renderer';
import type { EditorEngineError } from './errors';
import type { Size } from './geometry/transform-geometry';
import { GL_CONTEXT_ATTRIBUTES, rendererNameOf, WebGlRenderer } from './gl/webgl-renderer';
import type { EditorRenderer } from './renderer';

/** Longest side of the photo copy the GPU preview samples; the export always uses the full photo. */
export const GL_PREVIEW_MAX_SIDE = 2560;
/** On a slow GL the preview renders at most this long and is scaled up, as the CPU preview is. */
export const SLOW_GL_PREVIEW_RENDER_SIDE = 720;
/** The CPU preview works from a smaller copy so a slider stays usable without a GPU. */
export const CPU_PREVIEW_MAX_SIDE = 1024;

export type RendererWarning = 'webglUnsupported' | 'slowRenderer' | null;

export interface CreateRendererOptions {
  /** Use the CPU renderer even when WebGL2 works (the user chose it after a slow-renderer warning). */
  preferCpu?: boolean;
  maxMegapixels?: number;
  /** How overlay images are fetched; defaults to fetch() + createImageBitmap(). */
  loadImage?: (src: string) => Promise<ImageBitmap>;
  /** Failures of assets the preview loads in the background (overlay, sticker, font), as typed errors. */
  onError?: (error: EditorEngineError) => void;
}

const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software|basic render driver|microsoft basic/i;

/**
 * Makes the editor's renderer for `source` drawing into `canvas` (a 2D canvas the screens size).
 * WebGL2 when the browser has it; the warning says 'slowRenderer' when the browser reports a major
 * performance caveat or a software rasteriser (the GPU path is still used; the screens may offer the
 * CPU one), and 'webglUnsupported' when it had to fall back to the CPU renderer.
 */
export async function createEditorRenderer(
  canvas: HTMLCanvasElement,
  source: ImageBitmap,
  options: CreateRendererOptions = {},
): Promise<{ renderer: EditorRenderer; warning: RendererWarning }> {
  const maxMegapixels = options.maxMegapixels ?? MAX_MEGAPIXELS;
  const loadImage: LoadImage = options.loadImage ?? defaultLoadImage;
  const onError = options.onError ?? (() => {});
  if (!options.preferCpu) {
    const made = await tryWebGl(canvas, source, maxMegapixels, loadImage, onError);
    if (made) return made;
  }
  const { image, resized } = await capped(source, maxMegapixels, Number.POSITIVE_INFINITY);
  const preview = await downscaled(image, CPU_PREVIEW_MAX_SIDE);
  return {
    renderer: new CpuRenderer(canvas, image, preview, resized, loadImage, onError),
    warning: options.preferCpu ? null : 'webglUnsupported',
  };
}

async function tryWebGl(
  canvas: HTMLCanvasElement,
  source: ImageBitmap,
  maxMegapixels: number,
  loadImage: LoadImage,
  onError: (error: EditorEngineError) => void,
): Promise<{ renderer: EditorRenderer; warning: RendererWarning } | null> {
  const surface = createSurface(1, 1);
  const strict = surface.getContext('webgl2', {
    ...GL_CONTEXT_ATTRIBUTES,
    failIfMajorPerformanceCaveat: true,
  });
  const gl = (strict ?? surface.getContext('webgl2', GL_CONTEXT_ATTRIBUTES)) as WebGL2RenderingContext | null;
  if (!gl) return null;
  try {
    const maxSide = Math.min(gl.getParameter(gl.MAX_TEXTURE_SIZE), gl.getParameter(gl.MAX_RENDERBUFFER_SIZE));
    const { image, resized } = await capped(source, maxMegapixels, maxSide);
    const preview = await downscaled(image, GL_PREVIEW_MAX_SIDE);
    const slow = !strict || SOFTWARE_RENDERERS.test(rendererNameOf(gl));
    const previewSide = slow ? SLOW_GL_PREVIEW_RENDER_SIDE : Number.POSITIVE_INFINITY;
    const renderer = new WebGlRenderer(
      canvas,
      surface,
      gl,
      image,
      preview,
      resized,
      loadImage,
      onError,
      previewSide,
    );
    return { renderer, warning: slow ? 'slowRenderer' : null };
  } catch {
    // A context that cannot compile our shaders or hold the photo counts as no WebGL2.
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return null;
  }
}

async function capped(source: ImageBitmap, maxMegapixels: number, maxSide: number) {
  const size = capSize(source, maxMegapixels, maxSide);
  if (size.width === source.width && size.height === source.height) return { image: source, resized: false };
  return { image: await scaleImage(source, size), resized: true };
}

async function downscaled(image: ImageBitmap, maxSide: number): Promise<ImageBitmap> {
  const size: Size = capSize(image, Number.POSITIVE_INFINITY, maxSide);
  if (size.width === image.width && size.height === image.height) return image;
  return scaleImage(image, size);
}
