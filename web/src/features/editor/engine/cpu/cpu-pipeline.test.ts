import { describe, expect, it } from 'vitest';
import { FILTERS } from '../compose/filters';
import { type EditState, INITIAL_EDIT_STATE } from '../edit-state';
import { FONTS } from '../layers/fonts';
import { FRAMES } from '../layers/frames';
import { STICKERS } from '../layers/stickers';
import { TEXT_DESIGNS } from '../layers/text-designs';
import { createPixelImage } from '../pixel-image';
import { renderPixels } from './cpu-pipeline';

function testImage(width: number, height: number) {
  const img = createPixelImage(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      img.data.set([x / (width - 1), y / (height - 1), ((x * 7 + y * 13) % 17) / 16, 1], o);
    }
  }
  return img;
}
const with_ = (patch: Partial<EditState>): EditState => ({ ...INITIAL_EDIT_STATE, ...patch });

describe('the CPU reference pipeline', () => {
  const img = testImage(16, 12);

  it('returns the photo unchanged for the initial state', () => {
    const out = renderPixels(img, INITIAL_EDIT_STATE, img);
    for (let i = 0; i < img.data.length; i++) expect(out.data[i]).toBeCloseTo(img.data[i]!, 6);
  });

  it('turns the photo a quarter clockwise', () => {
    const state = with_({ transform: { ...INITIAL_EDIT_STATE.transform, rotation: 90 } });
    const out = renderPixels(img, state, { width: 12, height: 16 });
    // Output (x, y) shows source (y, H - 1 - x).
    for (const [x, y] of [
      [0, 0],
      [11, 0],
      [5, 9],
    ] as const) {
      const o = (y * 12 + x) * 4;
      const s = ((11 - x) * 16 + y) * 4;
      expect([...out.data.slice(o, o + 4)].map((v) => v.toFixed(5))).toEqual(
        [...img.data.slice(s, s + 4)].map((v) => v.toFixed(5)),
      );
    }
  });

  it('a filter at intensity 0 is no filter; mono at full intensity is grey', () => {
    const none = renderPixels(img, with_({ filter: { id: 'mono', intensity: 0 } }), img);
    for (let i = 0; i < img.data.length; i++) expect(none.data[i]).toBeCloseTo(img.data[i]!, 6);
    const mono = renderPixels(img, with_({ filter: { id: 'mono', intensity: 1 } }), img);
    for (let i = 0; i < mono.data.length; i += 4) {
      expect(mono.data[i]).toBeCloseTo(mono.data[i + 1]!, 5);
      expect(mono.data[i + 1]).toBeCloseTo(mono.data[i + 2]!, 5);
    }
  });

  it('a focus keeps its centre sharp and blurs far from it', () => {
    const big = testImage(64, 64);
    const focus = { type: 'radial' as const, x: 0.5, y: 0.5, size: 0.1, fade: 0.05, angle: 0, blur: 1 };
    const out = renderPixels(big, with_({ focus }), big);
    const at = (x: number, y: number) => (y * 64 + x) * 4 + 2;
    expect(out.data[at(32, 32)]).toBeCloseTo(big.data[at(32, 32)]!, 6);
    expect(Math.abs(out.data[at(3, 3)]! - big.data[at(3, 3)]!)).toBeGreaterThan(0.01);
  });
});

describe('catalogues', () => {
  it('have unique ids and enough entries', () => {
    for (const [list, min] of [
      [FILTERS, 10],
      [STICKERS, 12],
      [FONTS, 5],
      [TEXT_DESIGNS, 6],
      [FRAMES, 6],
    ] as const) {
      const ids = list.map((x) => x.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBeGreaterThanOrEqual(min);
      for (const id of ids) expect(id).toMatch(/^[a-z][a-z-]*$/);
    }
  });

  it('stickers are well-formed SVG on a 64 x 64 view box', () => {
    for (const sticker of STICKERS) {
      const doc = new DOMParser().parseFromString(sticker.svg, 'image/svg+xml');
      expect(doc.querySelector('parsererror'), sticker.id).toBeNull();
      expect(doc.documentElement.getAttribute('viewBox')).toBe('0 0 64 64');
    }
  });

  it('filters use only one-pixel adjustments within the slider range', () => {
    for (const f of FILTERS) {
      for (const [name, v] of Object.entries(f.adjustments)) {
        expect(['sharpness', 'clarity']).not.toContain(name);
        expect(Math.abs(v)).toBeLessThanOrEqual(1);
      }
    }
  });
});
