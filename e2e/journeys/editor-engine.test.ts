import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADJUSTMENTS,
  BLEND_MODES,
  type EditState,
  FOCUS_TYPES,
  INITIAL_EDIT_STATE,
} from '../../web/src/features/editor/engine/edit-state';
import { fitCrop } from '../../web/src/features/editor/engine/geometry/crop-presets';
import { fixturesDir } from '../fixtures-made/media';
import { type BrowserSession, openBrowser } from '../support/browser';
import { bundleEditorEngine, editorEnginePage } from '../support/editor-engine-bundle';
import type { Comparison } from '../support/editor-engine-page';

// The editor's WebGL2 pipeline against its CPU reference, in real Chromium: the same fixture pixels
// through both, read back with readPixels. Tolerance: every channel within 3/255 on at least 99.5 %
// of the pixels (half-float intermediates and GPU bilinear weights account for the rest). On
// SwiftShader every case lands within 1/255 on all pixels; a twin whose constant drifts by 0.05
// fails by 7/255.
const TOLERANCE = 3;
const SHARE = 0.995;
const W = 320;
const H = 240;

let browser: BrowserSession;
let renderer = '';

type Engine = {
  load(jpeg: string, w: number, h: number): Promise<string>;
  compare(state: EditState, tolerance: number): Comparison;
  rendererRun(state: EditState, options: { preferCpu?: boolean; maxMegapixels?: number }): Promise<RunResult>;
  assetError(state: EditState): Promise<{ name: string; code: string } | null>;
};
interface RunResult {
  kind: string;
  warning: string | null;
  resized: boolean;
  sourceSize: { width: number; height: number };
  previewPainted: number;
  export: { type: string; width: number; height: number; corner: number[] };
  previewVsExport: number;
  previewVsExportFlipped: number;
}

/** Calls a method of the page's test harness with JSON-able arguments. */
const call = <K extends keyof Engine>(method: K, ...args: Parameters<Engine[K]>) =>
  browser.page.evaluate(
    ([m, a]) =>
      (window as unknown as { editorEngine: Record<string, (...x: unknown[]) => unknown> }).editorEngine[m]!(
        ...a,
      ),
    [method, args] as const,
  ) as Promise<Awaited<ReturnType<Engine[K]>>>;

const state = (patch: Partial<EditState>): EditState => ({ ...INITIAL_EDIT_STATE, ...patch });
const adjusted = (name: string, v: number) =>
  state({ adjustments: { ...INITIAL_EDIT_STATE.adjustments, [name]: v } });

beforeAll(async () => {
  const bundle = await bundleEditorEngine();
  browser = await openBrowser();
  await browser.page.setContent(editorEnginePage);
  await browser.page.addScriptTag({ content: bundle });
  const jpeg = fs.readFileSync(path.join(fixturesDir, 'photo-exif.jpg')).toString('base64');
  renderer = await call('load', jpeg, W, H);
});

afterAll(async () => {
  await browser?.close();
});

async function expectTwins(name: string, s: EditState, minChange = 0.5) {
  const c = await call('compare', s, TOLERANCE);
  const line = `${name}: max diff ${c.maxDiff}/255, ${(c.withinShare * 100).toFixed(2)} % within ${TOLERANCE}/255, change ${c.changeFromSource.toFixed(2)} (${renderer})`;
  expect(c.withinShare, line).toBeGreaterThanOrEqual(SHARE);
  // The edit must visibly change the photo, or the comparison proves nothing.
  expect(c.changeFromSource, line).toBeGreaterThan(minChange);
  return c;
}

describe('editor engine: WebGL2 output equals the CPU reference', () => {
  it('runs on WebGL2', () => {
    expect(renderer).not.toBe('');
  });

  for (const name of ADJUSTMENTS) {
    for (const v of [-0.6, 0.6]) {
      it(`${name} ${v}`, async () => {
        await expectTwins(`${name} ${v}`, adjusted(name, v));
      });
    }
  }

  for (const blend of BLEND_MODES) {
    it(`overlay blend ${blend}`, async () => {
      await expectTwins(blend, state({ overlay: { src: 'test-overlay', blend, opacity: 0.8 } }));
    });
  }

  for (const type of FOCUS_TYPES) {
    it(`focus ${type}`, async () => {
      const focus = { type, x: 0.45, y: 0.55, size: 0.15, fade: 0.2, angle: 20, blur: 0.8 };
      await expectTwins(type, state({ focus }));
    });
  }

  for (const id of ['vivid', 'mono', 'sepia', 'vintage', 'aurora']) {
    it(`filter ${id}`, async () => {
      await expectTwins(id, state({ filter: { id, intensity: 0.8 } }));
    });
  }

  it('a quarter turn with a flip', async () => {
    const c = await expectTwins(
      'turn',
      state({ transform: { ...INITIAL_EDIT_STATE.transform, rotation: 90, flipH: true } }),
    );
    expect([c.width, c.height]).toEqual([H, W]);
  });

  it('a straighten with a square crop fitted inside', async () => {
    const t = { ...INITIAL_EDIT_STATE.transform, straighten: 8 };
    const c = await expectTwins(
      'straighten',
      state({ transform: { ...t, crop: fitCrop({ width: W, height: H }, t, 1) } }),
    );
    expect(c.width).toBe(c.height);
  });

  it('everything at once', async () => {
    await expectTwins(
      'all',
      state({
        adjustments: Object.fromEntries(
          ADJUSTMENTS.map((n, k) => [n, ((k % 5) - 2) * 0.2]),
        ) as EditState['adjustments'],
        filter: { id: 'warm', intensity: 0.6 },
        focus: { type: 'mirrored', x: 0.5, y: 0.5, size: 0.1, fade: 0.1, angle: -15, blur: 0.5 },
        overlay: { src: 'test-overlay', blend: 'softLight', opacity: 0.7 },
      }),
    );
  });
});

describe('editor engine: the renderer factory', () => {
  const framed = state({
    adjustments: { ...INITIAL_EDIT_STATE.adjustments, brightness: 0.3 },
    layers: [
      { id: 's', kind: 'sticker', stickerId: 'heart', x: 0.3, y: 0.4, scale: 1, rotation: 15 },
      {
        id: 't',
        kind: 'text',
        text: 'Nordlys',
        font: 'serif',
        color: '#ffffff',
        align: 'center',
        design: 'label',
        background: null,
        x: 0.6,
        y: 0.6,
        scale: 1,
        rotation: 0,
      },
      {
        id: 'b',
        kind: 'brush',
        color: '#00ff00',
        size: 0.02,
        points: [
          { x: 0.2, y: 0.8 },
          { x: 0.4, y: 0.7 },
          { x: 0.6, y: 0.85 },
        ],
      },
    ],
    frame: { id: 'solid', thickness: 0.05, color: '#ff0000' },
  });

  for (const preferCpu of [false, true]) {
    it(`${preferCpu ? 'CPU' : 'WebGL2'}: previews, then exports at full size with layers and frame`, async () => {
      const run = await call('rendererRun', framed, { preferCpu });
      expect(run.kind).toBe(preferCpu ? 'cpu' : 'webgl2');
      // Headless Chromium draws WebGL with SwiftShader, a software rasteriser.
      expect(run.warning).toBe(preferCpu ? null : 'slowRenderer');
      expect(run.resized).toBe(false);
      expect(run.sourceSize).toEqual({ width: W, height: H });
      // 640 x 400 canvas, 4:3 photo fitted: 533 x 400 painted.
      expect(run.previewPainted).toBe(533 * 400);
      expect(run.export).toEqual({ type: 'image/png', width: W, height: H, corner: [255, 0, 0, 255] });
      // Preview and export show the same picture the same way up (mean difference per channel).
      expect(run.previewVsExport).toBeLessThan(8);
      expect(run.previewVsExportFlipped).toBeGreaterThan(run.previewVsExport * 3);
    });
  }

  it('scales a photo above the megapixel maximum down and says so', async () => {
    const run = await call('rendererRun', INITIAL_EDIT_STATE, { maxMegapixels: 0.05 });
    expect(run.resized).toBe(true);
    expect(run.sourceSize.width * run.sourceSize.height).toBeLessThanOrEqual(50_000);
    expect(run.sourceSize.width / run.sourceSize.height).toBeCloseTo(W / H, 1);
    expect([run.export.width, run.export.height]).toEqual([run.sourceSize.width, run.sourceSize.height]);
  });

  it('reports a sticker or image that will not load as typed errors', async () => {
    const sticker = state({
      layers: [
        { id: 's', kind: 'sticker', stickerId: 'no-such-sticker', x: 0.5, y: 0.5, scale: 1, rotation: 0 },
      ],
    });
    expect(await call('assetError', sticker)).toEqual({ name: 'StickerLoadError', code: 'stickerLoad' });
    const overlay = state({ overlay: { src: 'missing.png', blend: 'normal', opacity: 1 } });
    expect(await call('assetError', overlay)).toEqual({ name: 'ImageLoadError', code: 'imageLoad' });
    expect(await call('assetError', INITIAL_EDIT_STATE)).toBeNull();
  });

  it('logged no errors in the page', () => {
    expect(browser.errors).toEqual([]);
  });
});
