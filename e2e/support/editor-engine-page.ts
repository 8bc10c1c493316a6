// Runs inside the test page (bundled by editor-engine-bundle.ts): renders states through the WebGL2
// pipeline and the CPU reference from the same pixels and reports how far apart they are.
import { renderPixels } from '../../web/src/features/editor/engine/cpu/cpu-pipeline';
import { createEditorRenderer } from '../../web/src/features/editor/engine/create-renderer';
import { type EditState, INITIAL_EDIT_STATE } from '../../web/src/features/editor/engine/edit-state';
import { EditorEngineError } from '../../web/src/features/editor/engine/errors';
import { outputSize } from '../../web/src/features/editor/engine/geometry/transform-geometry';
import { GlPipeline, type SourceTexture } from '../../web/src/features/editor/engine/gl/gl-pipeline';
import {
  GL_CONTEXT_ATTRIBUTES,
  rendererNameOf,
} from '../../web/src/features/editor/engine/gl/webgl-renderer';
import {
  type PixelImage,
  pixelImageFromBytes,
  pixelImageToBytes,
} from '../../web/src/features/editor/engine/pixel-image';
import { previewRect } from '../../web/src/features/editor/engine/preview-layout';

interface Loaded {
  gl: WebGL2RenderingContext;
  pipeline: GlPipeline;
  source: { pixels: PixelImage; texture: SourceTexture; bitmap: ImageBitmap };
  overlay: { pixels: PixelImage; texture: SourceTexture };
}

let loaded: Loaded | null = null;

/** A test overlay with colour ramps and an alpha that falls off towards the corners. */
function overlayBytes(width: number, height: number): ImageData {
  const data = new ImageData(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const dx = x / width - 0.5;
      const dy = y / height - 0.5;
      data.data[o] = Math.round((255 * x) / (width - 1));
      data.data[o + 1] = Math.round((255 * y) / (height - 1));
      data.data[o + 2] = (x * 7 + y * 3) % 256;
      data.data[o + 3] = Math.round(255 * Math.max(0.25, 1 - 2 * Math.sqrt(dx * dx + dy * dy)));
    }
  }
  return data;
}

async function load(jpegBase64: string, width: number, height: number): Promise<string> {
  const bytes = Uint8Array.from(atob(jpegBase64), (c) => c.charCodeAt(0));
  const decoded = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(decoded, 0, 0, width, height);
  const sourceData = ctx.getImageData(0, 0, width, height);
  const glCanvas = new OffscreenCanvas(width, height);
  const gl = glCanvas.getContext('webgl2', GL_CONTEXT_ATTRIBUTES) as WebGL2RenderingContext | null;
  if (!gl) throw new Error('No WebGL2 in this browser');
  const pipeline = new GlPipeline(gl);
  const ov = overlayBytes(width, height);
  loaded = {
    gl,
    pipeline,
    source: {
      pixels: pixelImageFromBytes(sourceData.data, width, height),
      texture: pipeline.upload(sourceData, width, height),
      bitmap: await createImageBitmap(canvas),
    },
    overlay: {
      pixels: pixelImageFromBytes(ov.data, width, height),
      texture: pipeline.upload(ov, width, height),
    },
  };
  return rendererNameOf(gl);
}

export interface Comparison {
  width: number;
  height: number;
  /** Largest difference of any channel, in 1/255 steps. */
  maxDiff: number;
  /** Share of pixels whose every channel is within `tolerance`. */
  withinShare: number;
  /** Mean absolute difference of the CPU result from the unedited photo (0..255): the edit did something. */
  changeFromSource: number;
}

function compare(state: EditState, tolerance: number): Comparison {
  if (!loaded) throw new Error('load() first');
  const { pipeline, source, overlay } = loaded;
  const out = outputSize(source.pixels, state.transform);
  const gpu = pipeline.render(source.texture, state, out, 'pixels', state.overlay ? overlay.texture : null)!;
  const cpu = pixelImageToBytes(
    renderPixels(source.pixels, state, out, state.overlay ? overlay.pixels : null),
  );
  const plain = pixelImageToBytes(
    renderPixels(source.pixels, INITIAL_EDIT_STATE, outputSize(source.pixels, INITIAL_EDIT_STATE.transform)),
  );
  let maxDiff = 0;
  let within = 0;
  let change = 0;
  for (let p = 0; p < cpu.length; p += 4) {
    let worst = 0;
    for (let k = 0; k < 4; k++) worst = Math.max(worst, Math.abs(gpu[p + k]! - cpu[p + k]!));
    maxDiff = Math.max(maxDiff, worst);
    if (worst <= tolerance) within++;
    if (p < plain.length) for (let k = 0; k < 3; k++) change += Math.abs(cpu[p + k]! - plain[p + k]!);
  }
  const pixels = cpu.length / 4;
  return {
    width: out.width,
    height: out.height,
    maxDiff,
    withinShare: within / pixels,
    changeFromSource: change / (pixels * 3),
  };
}

/** The public factory end to end: preview, waiting for assets, export, and the typed errors. */
async function rendererRun(state: EditState, options: { preferCpu?: boolean; maxMegapixels?: number }) {
  if (!loaded) throw new Error('load() first');
  const canvas = document.getElementById('preview') as HTMLCanvasElement;
  const { renderer, warning } = await createEditorRenderer(canvas, loaded.source.bitmap, {
    ...options,
    loadImage: (src) => Promise.reject(new Error(`no image at ${src}`)),
  });
  try {
    renderer.renderPreview(state);
    await renderer.ready(state);
    renderer.renderPreview(state);
    const preview = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let p = 3; p < preview.length; p += 4) if (preview[p]! > 0) painted++;
    const blob = await renderer.export(state, 'image/png');
    const image = await createImageBitmap(blob);
    const check = new OffscreenCanvas(image.width, image.height).getContext('2d')!;
    check.drawImage(image, 0, 0);
    const corner = Array.from(check.getImageData(1, 1, 1, 1).data);
    // The preview against the export scaled to the preview's rectangle, the right way up and flipped:
    // the photo must not come out upside down on either path.
    const rect = previewRect(canvas, image);
    const shown = canvas.getContext('2d')!.getImageData(rect.x, rect.y, rect.width, rect.height).data;
    const scaled = new OffscreenCanvas(rect.width, rect.height).getContext('2d')!;
    scaled.drawImage(image, 0, 0, rect.width, rect.height);
    const upright = scaled.getImageData(0, 0, rect.width, rect.height).data;
    const meanDiff = (flip: boolean) => {
      let sum = 0;
      for (let y = 0; y < rect.height; y++) {
        const row = flip ? rect.height - 1 - y : y;
        for (let x = 0; x < rect.width * 4; x++) {
          if (x % 4 !== 3)
            sum += Math.abs(shown[y * rect.width * 4 + x]! - upright[row * rect.width * 4 + x]!);
        }
      }
      return sum / (rect.width * rect.height * 3);
    };
    return {
      kind: renderer.kind,
      warning,
      resized: renderer.resized,
      sourceSize: renderer.sourceSize,
      previewPainted: painted,
      export: { type: blob.type, width: image.width, height: image.height, corner },
      previewVsExport: meanDiff(false),
      previewVsExportFlipped: meanDiff(true),
    };
  } finally {
    renderer.dispose();
  }
}

/** What `ready` rejects with when a state names an asset that cannot load. */
async function assetError(state: EditState): Promise<{ name: string; code: string } | null> {
  const canvas = document.getElementById('preview') as HTMLCanvasElement;
  const { renderer } = await createEditorRenderer(canvas, loaded!.source.bitmap, {
    loadImage: (src) => Promise.reject(new Error(`no image at ${src}`)),
  });
  try {
    await renderer.ready(state);
    return null;
  } catch (error) {
    return error instanceof EditorEngineError
      ? { name: error.name, code: error.code }
      : { name: String(error), code: '' };
  } finally {
    renderer.dispose();
  }
}

(window as unknown as { editorEngine: unknown }).editorEngine = { load, compare, rendererRun, assetError };
