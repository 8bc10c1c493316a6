// Runs inside the bench page: a made-up 12 MP photo through the editor's renderer while a slider moves.
import { createEditorRenderer } from '../../web/src/features/editor/engine/create-renderer';
import { type EditState, INITIAL_EDIT_STATE } from '../../web/src/features/editor/engine/edit-state';

/** A photo-like test image: smooth gradients with fine noise, so nothing compresses to nothing. */
async function makePhoto(width: number, height: number): Promise<ImageBitmap> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d')!;
  const sky = ctx.createLinearGradient(0, 0, width, height);
  sky.addColorStop(0, '#1b3a5c');
  sky.addColorStop(0.5, '#3dd68c');
  sky.addColorStop(1, '#f1c27d');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);
  const noise = ctx.getImageData(0, 0, width, 256);
  let seed = 1;
  for (let i = 0; i < noise.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const n = (seed >>> 24) - 128;
    for (let k = 0; k < 3; k++) noise.data[i + k] = Math.max(0, Math.min(255, noise.data[i + k]! + n / 8));
  }
  for (let y = 0; y < height; y += 256) ctx.putImageData(noise, 0, y);
  return createImageBitmap(canvas);
}

export interface EditorBenchResult {
  kind: string;
  warning: string | null;
  frames: number[];
  exportMs: number | null;
  exportBytes: number | null;
}

async function run(options: {
  preferCpu: boolean;
  frames: number;
  exportToo: boolean;
  focus: boolean;
}): Promise<EditorBenchResult> {
  const photo = await makePhoto(4000, 3000);
  const canvas = document.getElementById('preview') as HTMLCanvasElement;
  // A laptop editor's canvas: 1280 x 800 pixels.
  canvas.width = 1280;
  canvas.height = 800;
  const { renderer, warning } = await createEditorRenderer(canvas, photo, { preferCpu: options.preferCpu });
  const ctx = canvas.getContext('2d')!;
  const state = (v: number): EditState => ({
    ...INITIAL_EDIT_STATE,
    adjustments: { ...INITIAL_EDIT_STATE.adjustments, brightness: v, contrast: 0.2, saturation: 0.1 },
    filter: { id: 'warm', intensity: 0.5 },
    // With a focus the pipeline needs neighbouring pixels: the multi-pass path with two blur passes.
    focus: options.focus
      ? { type: 'radial', x: 0.5, y: 0.5, size: 0.2, fade: 0.1, angle: 0, blur: 0.6 }
      : null,
  });
  const frames: number[] = [];
  // Warm-up frame: shader compilation and texture allocation are not a slider step.
  renderer.renderPreview(state(0));
  ctx.getImageData(0, 0, 1, 1);
  for (let i = 0; i < options.frames; i++) {
    const start = performance.now();
    renderer.renderPreview(state(Math.sin(i / 5) * 0.8));
    // Reading a pixel back waits until the frame is really drawn.
    ctx.getImageData(0, 0, 1, 1);
    frames.push(performance.now() - start);
  }
  let exportMs: number | null = null;
  let exportBytes: number | null = null;
  if (options.exportToo) {
    const start = performance.now();
    const blob = await renderer.export(state(0.4), 'image/jpeg', 0.92);
    exportMs = performance.now() - start;
    exportBytes = blob.size;
  }
  renderer.dispose();
  photo.close();
  return { kind: renderer.kind, warning, frames, exportMs, exportBytes };
}

(window as unknown as { editorBench: unknown }).editorBench = { run };
