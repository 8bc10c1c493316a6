import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luma } from '../color';
import { ADJUSTMENTS, type AdjustmentName } from '../edit-state';
import type { PointAdjustment } from './adjustment';
import { clarity } from './clarity.adjustment';
import { DETAIL_CHAIN, POINT_CHAIN } from './point-chain';
import { sharpness } from './sharpness.adjustment';

const run = (a: PointAdjustment, rgb: [number, number, number], v: number) => {
  const px = Float32Array.from([...rgb, 1]);
  a.apply(px, 0, v);
  return [px[0]!, px[1]!, px[2]!, px[3]!] as const;
};
const channel = fc.float({ min: 0, max: 1, noNaN: true });
const pixel = fc.tuple(channel, channel, channel);

/** For v > 0, what must grow on the given pixel (v < 0 must shrink it). */
const DIRECTION: Record<
  Exclude<AdjustmentName, 'sharpness' | 'clarity'>,
  { rgb: [number, number, number]; measure: (c: readonly number[]) => number }
> = {
  brightness: { rgb: [0.4, 0.5, 0.3], measure: (c) => luma(c[0]!, c[1]!, c[2]!) },
  exposure: { rgb: [0.4, 0.5, 0.3], measure: (c) => luma(c[0]!, c[1]!, c[2]!) },
  gamma: { rgb: [0.4, 0.5, 0.3], measure: (c) => luma(c[0]!, c[1]!, c[2]!) },
  contrast: { rgb: [0.8, 0.8, 0.8], measure: (c) => c[0]! },
  saturation: { rgb: [0.7, 0.4, 0.3], measure: (c) => c[0]! - c[2]! },
  temperature: { rgb: [0.5, 0.5, 0.5], measure: (c) => c[0]! - c[2]! },
  shadows: { rgb: [0.3, 0.3, 0.25], measure: (c) => luma(c[0]!, c[1]!, c[2]!) },
  highlights: { rgb: [0.7, 0.7, 0.65], measure: (c) => luma(c[0]!, c[1]!, c[2]!) },
  whites: { rgb: [0.8, 0.8, 0.8], measure: (c) => c[0]! },
  blacks: { rgb: [0.1, 0.1, 0.1], measure: (c) => c[0]! },
};

describe('one-pixel adjustments', () => {
  it('cover every adjustment exactly once, with sharpness and clarity in the detail chain', () => {
    const names = [...POINT_CHAIN, ...DETAIL_CHAIN].map((a) => a.name).sort();
    expect(names).toEqual([...ADJUSTMENTS].sort());
  });

  for (const a of POINT_CHAIN) {
    describe(a.name, () => {
      it('leaves every pixel as it is at 0', () => {
        fc.assert(
          fc.property(pixel, (rgb) => {
            const out = run(a, rgb, 0);
            for (let k = 0; k < 3; k++) expect(out[k]).toBeCloseTo(rgb[k]!, 5);
          }),
        );
      });

      it('moves the right way and further the further the slider goes', () => {
        const { rgb, measure } = DIRECTION[a.name as keyof typeof DIRECTION];
        const at = (v: number) => measure(run(a, rgb, v));
        expect(at(0.3)).toBeGreaterThan(at(0));
        expect(at(0.6)).toBeGreaterThan(at(0.3));
        expect(at(-0.3)).toBeLessThan(at(0));
        expect(at(-0.6)).toBeLessThan(at(-0.3));
      });

      it('keeps every channel within 0..1 and leaves alpha alone at the slider ends', () => {
        fc.assert(
          fc.property(pixel, fc.constantFrom(-1, -0.5, 0.5, 1), (rgb, v) => {
            const out = run(a, rgb, v);
            for (let k = 0; k < 3; k++) {
              expect(out[k]).toBeGreaterThanOrEqual(0);
              expect(out[k]).toBeLessThanOrEqual(1);
            }
            expect(out[3]).toBe(1);
          }),
        );
      });

      it('has a GLSL twin named after it', () => {
        expect(a.glsl).toContain(`vec3 adjust_${a.name}(vec3 c, float v)`);
      });
    });
  }
});

describe('detail adjustments', () => {
  for (const a of [sharpness, clarity]) {
    const detail = (c: number, blurred: number, v: number) => {
      const px = Float32Array.from([c, c, c, 1]);
      a.apply(px, 0, v, Float32Array.from([blurred, blurred, blurred, 1]));
      return px[0]!;
    };
    it(`${a.name}: 0 is the identity, v > 0 widens the gap to the blur, v < 0 narrows it, 0..1 kept`, () => {
      fc.assert(
        fc.property(channel, channel, (c, b) => {
          expect(detail(c, b, 0)).toBeCloseTo(c, 6);
          const out = detail(c, b, 1);
          expect(out).toBeGreaterThanOrEqual(0);
          expect(out).toBeLessThanOrEqual(1);
        }),
      );
      expect(Math.abs(detail(0.55, 0.45, 0.6) - 0.45)).toBeGreaterThan(0.1);
      expect(Math.abs(detail(0.55, 0.45, -0.6) - 0.45)).toBeLessThan(0.1);
      expect(a.glsl).toContain(`vec3 adjust_${a.name}(vec3 c, vec3 blurred, float v)`);
    });
  }

  it('sharpness at -1 is the blur itself', () => {
    const px = Float32Array.from([0.8, 0.2, 0.5, 1]);
    sharpness.apply(px, 0, -1, Float32Array.from([0.3, 0.3, 0.3, 1]));
    expect([...px.slice(0, 3)].map((x) => x.toFixed(5))).toEqual(['0.30000', '0.30000', '0.30000']);
  });
});
