import type { EditState } from './engine/edit-state';
import type { EditorRenderer } from './engine/renderer';

/**
 * The screens' one door to the rendering engine: how a renderer is opened over the preview
 * canvas, and the catalogues the tabs offer.
 */
export type RendererWarning = 'webglUnsupported' | 'slowRenderer' | null;

export interface OpenRendererOptions {
  preferCpu?: boolean;
  loadImage?: (src: string) => Promise<ImageBitmap>;
}

export interface CatalogueItem {
  id: string;
}

export const FILTERS: readonly CatalogueItem[] = [{ id: 'vivid' }, { id: 'mono' }, { id: 'warm' }];
export const STICKERS: readonly (CatalogueItem & { src?: string })[] = [{ id: 'heart' }, { id: 'star' }];
export const FONTS: readonly CatalogueItem[] = [{ id: 'sans' }, { id: 'serif' }];
export const TEXT_DESIGNS: readonly CatalogueItem[] = [{ id: 'banner' }, { id: 'quote' }];
export const FRAMES: readonly CatalogueItem[] = [{ id: 'thin' }, { id: 'polaroid' }];

function rotatedSize(state: EditState, width: number, height: number) {
  const quarter = state.transform.rotation % 180 !== 0;
  return quarter ? { width: height, height: width } : { width, height };
}

/** A plain 2D-canvas renderer: geometry and a brightness filter only. */
function canvasRenderer(canvas: HTMLCanvasElement, source: ImageBitmap): EditorRenderer {
  const draw = (target: HTMLCanvasElement, state: EditState, width: number, height: number) => {
    const context = target.getContext('2d');
    if (!context) return;
    const { crop, rotation, flipH, flipV } = state.transform;
    const base = rotatedSize(state, source.width, source.height);
    const whole = document.createElement('canvas');
    whole.width = base.width;
    whole.height = base.height;
    const wc = whole.getContext('2d')!;
    wc.translate(base.width / 2, base.height / 2);
    wc.rotate((rotation * Math.PI) / 180);
    wc.scale(flipH ? -1 : 1, flipV ? -1 : 1);
    wc.filter = `brightness(${1 + state.adjustments.brightness})`;
    wc.drawImage(source, -source.width / 2, -source.height / 2);
    context.clearRect(0, 0, width, height);
    context.drawImage(
      whole,
      crop.left * base.width,
      crop.top * base.height,
      crop.width * base.width,
      crop.height * base.height,
      0,
      0,
      width,
      height,
    );
  };
  return {
    kind: 'cpu',
    sourceSize: { width: source.width, height: source.height },
    resized: false,
    renderPreview: (state) => draw(canvas, state, canvas.width, canvas.height),
    async export(state, type, quality) {
      const base = rotatedSize(state, source.width, source.height);
      const { crop, resolution } = state.transform;
      const width = resolution?.width ?? Math.round(crop.width * base.width);
      const height = resolution?.height ?? Math.round(crop.height * base.height);
      const out = document.createElement('canvas');
      out.width = width;
      out.height = height;
      draw(out, state, width, height);
      return new Promise<Blob>((resolve, reject) =>
        out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encode failed'))), type, quality),
      );
    },
    dispose: () => undefined,
  };
}

export async function openRenderer(
  canvas: HTMLCanvasElement,
  source: ImageBitmap,
  _options: OpenRendererOptions = {},
): Promise<{ renderer: EditorRenderer; warning: RendererWarning }> {
  return { renderer: canvasRenderer(canvas, source), warning: null };
}

export interface CropPresetGroup {
  id: 'common' | 'facebook' | 'twitter' | 'instagram';
  presets: readonly { id: string; width: number; height: number }[];
}

export const CROP_PRESET_GROUPS: readonly CropPresetGroup[] = [
  { id: 'common', presets: [{ id: 'hd', width: 1920, height: 1080 }] },
  { id: 'facebook', presets: [{ id: 'facebookCover', width: 820, height: 312 }] },
  { id: 'twitter', presets: [{ id: 'twitterHeader', width: 1500, height: 500 }] },
  { id: 'instagram', presets: [{ id: 'instagramPost', width: 1080, height: 1080 }] },
];
