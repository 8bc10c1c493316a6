import type { EditState } from './edit-state';

/**
 * What the editor's screens ask of a renderer. Two implementations stand behind it: WebGL2 for the
 * live preview and the export, and a CPU path for browsers without WebGL2 or with a slow renderer.
 */
export interface EditorRenderer {
  readonly kind: 'webgl2' | 'cpu';
  /** Draws `state` into the preview canvas at the canvas's own size. */
  renderPreview(state: EditState): void;
  /** Renders `state` at full resolution and encodes it (JPEG unless the source had transparency). */
  export(state: EditState, type: 'image/jpeg' | 'image/png', quality?: number): Promise<Blob>;
  /**
   * Resolves once every image, sticker and font `state` names has loaded (the preview draws without
   * them meanwhile and redraws when each arrives); rejects with the typed error of the first that
   * failed (errors.ts). `export` waits for the same by itself.
   */
  ready(state: EditState): Promise<void>;
  /** Natural size of the loaded source after the megapixel cap. */
  readonly sourceSize: { width: number; height: number };
  /** True when the source was larger than the megapixel maximum and was scaled down on load. */
  readonly resized: boolean;
  dispose(): void;
}
