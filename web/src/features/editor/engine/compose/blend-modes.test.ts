import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLEND_MODES, type BlendMode } from '../edit-state';
import { BLEND_FUNCTIONS, blendPixel, GLSL_BLEND } from './blend-modes';

// The W3C Compositing and Blending Level 1 formulas, written out again independently.
const screen = (b: number, s: number) => 1 - (1 - b) * (1 - s);
const hard = (b: number, s: number) => (s <= 0.5 ? 2 * b * s : screen(b, 2 * s - 1));
const FORMULAS: Record<BlendMode, (b: number, s: number) => number> = {
  normal: (_b, s) => s,
  multiply: (b, s) => b * s,
  screen,
  overlay: (b, s) => hard(s, b),
  hardLight: hard,
  softLight: (b, s) =>
    s <= 0.5
      ? b - (1 - 2 * s) * b * (1 - b)
      : b + (2 * s - 1) * ((b <= 0.25 ? ((16 * b - 12) * b + 4) * b : Math.sqrt(b)) - b),
  darken: (b, s) => Math.min(b, s),
  lighten: (b, s) => Math.max(b, s),
  colorBurn: (b, s) => (b === 1 ? 1 : s === 0 ? 0 : 1 - Math.min(1, (1 - b) / s)),
};

const channel = fc.float({ min: 0, max: 1, noNaN: true });

describe('blend modes', () => {
  for (const mode of BLEND_MODES) {
    it(`${mode} follows its formula and stays within 0..1`, () => {
      fc.assert(
        fc.property(channel, channel, (b, s) => {
          const out = BLEND_FUNCTIONS[mode](b, s);
          expect(out).toBeCloseTo(FORMULAS[mode](b, s), 6);
          expect(out).toBeGreaterThanOrEqual(0);
          expect(out).toBeLessThanOrEqual(1 + 1e-7);
        }),
      );
    });
  }

  it('spot values: multiply darkens, screen lightens, overlay of mid grey on mid grey stays', () => {
    expect(BLEND_FUNCTIONS.multiply(0.5, 0.5)).toBe(0.25);
    expect(BLEND_FUNCTIONS.screen(0.5, 0.5)).toBe(0.75);
    expect(BLEND_FUNCTIONS.overlay(0.5, 0.5)).toBe(0.5);
    expect(BLEND_FUNCTIONS.colorBurn(0.5, 0.25)).toBe(0);
    expect(BLEND_FUNCTIONS.softLight(0.25, 1)).toBeCloseTo(0.5, 6);
  });

  it('mixes by opacity times the overlay alpha, and leaves the photo alone at zero', () => {
    const photo = () => Float32Array.from([0.2, 0.6, 0.9, 1]);
    const overlay = [1, 0, 0.5, 0.5];
    const none = photo();
    blendPixel('normal', none, 0, overlay, 0, 0);
    expect([...none]).toEqual([...photo()]);
    const half = photo();
    blendPixel('normal', half, 0, overlay, 0, 1);
    expect(half[0]).toBeCloseTo(0.2 + (1 - 0.2) * 0.5, 6);
    expect(half[1]).toBeCloseTo(0.6 * 0.5, 6);
    expect(half[3]).toBe(1);
  });

  it('the GLSL twin picks the modes in the order of BLEND_MODES', () => {
    expect(BLEND_MODES.indexOf('colorBurn')).toBe(8);
    expect(GLSL_BLEND).toContain('if (mode == 4) return blendMultiply(b, s);');
    expect(BLEND_MODES.indexOf('multiply')).toBe(4);
  });
});
