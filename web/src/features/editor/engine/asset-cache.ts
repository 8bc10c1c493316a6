import type { EditState } from './edit-state';
import { type EditorEngineError, FontLoadError, ImageLoadError, StickerLoadError } from './errors';
import { cssFont, findFont } from './layers/fonts';
import { findSticker, stickerUrl } from './layers/stickers';

type Entry<T> =
  | { state: 'loading'; promise: Promise<T> }
  | { state: 'ready'; value: T }
  | { state: 'failed'; error: EditorEngineError };

export type LoadImage = (src: string) => Promise<ImageBitmap>;

export async function defaultLoadImage(src: string): Promise<ImageBitmap> {
  const response = await fetch(src);
  if (!response.ok) throw new Error(`${response.status} for ${src}`);
  return createImageBitmap(await response.blob(), { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
}

async function loadSvgImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = url;
  await image.decode();
  return image;
}

/**
 * Overlay images, sticker drawings and fonts the state names, loaded once. The preview asks
 * synchronously and draws without an asset until it arrives (`onLoaded` then asks for a redraw);
 * the export waits for all of them through `settle`, which rejects with the typed error.
 */
export class AssetCache {
  private readonly overlays = new Map<string, Entry<ImageBitmap>>();
  private readonly stickers = new Map<string, Entry<HTMLImageElement>>();
  private readonly fonts = new Map<string, Entry<true>>();

  constructor(
    private readonly loadImage: LoadImage,
    private readonly onLoaded: () => void,
    private readonly onError: (error: EditorEngineError) => void,
  ) {}

  overlay(src: string): ImageBitmap | null {
    return this.peek(
      this.overlays,
      src,
      () => this.loadImage(src),
      (cause) => new ImageLoadError(src, { cause }),
    );
  }

  sticker(id: string): HTMLImageElement | null {
    return this.peek(
      this.stickers,
      id,
      () => {
        const sticker = findSticker(id);
        if (!sticker) return Promise.reject(new Error(`No sticker ${id}`));
        return loadSvgImage(stickerUrl(sticker));
      },
      (cause) => new StickerLoadError(id, { cause }),
    );
  }

  font(id: string): boolean {
    return (
      this.peek(
        this.fonts,
        id,
        async () => {
          if (typeof document === 'undefined' || !document.fonts) return true as const;
          await document.fonts.load(cssFont(findFont(id), 32));
          return true as const;
        },
        (cause) => new FontLoadError(id, { cause }),
      ) !== null
    );
  }

  /** Starts every load `state` needs and waits for them; rejects with the first failure. */
  async settle(state: EditState): Promise<void> {
    const waits: Promise<unknown>[] = [];
    const wait = <T>(map: Map<string, Entry<T>>, key: string, start: () => void) => {
      start();
      const entry = map.get(key)!;
      if (entry.state === 'loading') waits.push(entry.promise);
      else if (entry.state === 'failed') waits.push(Promise.reject(entry.error));
    };
    if (state.overlay) wait(this.overlays, state.overlay.src, () => this.overlay(state.overlay!.src));
    for (const layer of state.layers) {
      if (layer.kind === 'sticker') wait(this.stickers, layer.stickerId, () => this.sticker(layer.stickerId));
      if (layer.kind === 'text') wait(this.fonts, layer.font, () => this.font(layer.font));
    }
    await Promise.all(waits);
  }

  dispose(): void {
    for (const entry of this.overlays.values()) if (entry.state === 'ready') entry.value.close();
    this.overlays.clear();
    this.stickers.clear();
  }

  private peek<T>(
    map: Map<string, Entry<T>>,
    key: string,
    load: () => Promise<T>,
    fail: (cause: unknown) => EditorEngineError,
  ): T | null {
    const entry = map.get(key);
    if (entry?.state === 'ready') return entry.value;
    if (entry) return null;
    const promise = load().then(
      (value) => {
        map.set(key, { state: 'ready', value });
        this.onLoaded();
        return value;
      },
      (cause) => {
        const error = fail(cause);
        map.set(key, { state: 'failed', error });
        this.onError(error);
        throw error;
      },
    );
    // The preview path never awaits this promise; settle() does.
    promise.catch(() => {});
    map.set(key, { state: 'loading', promise });
    return null;
  }
}
