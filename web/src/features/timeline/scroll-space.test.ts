import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_PHYSICAL_HEIGHT,
  maxLogicalOffset,
  scrollSpace,
  toLogical,
  toPhysical,
  wheelDeltaPx,
} from './scroll-space';
import { gridMetrics, layoutSections, sectionIndexAt } from './timeline-layout';

describe('scrollSpace', () => {
  it('scrolls natively (scale 1) below the cap', () => {
    const space = scrollSpace(5_000_000, 800);
    expect(space).toEqual({
      logicalHeight: 5_000_000,
      physicalHeight: 5_000_000,
      viewportHeight: 800,
      scale: 1,
    });
    expect(toLogical(space, 1234)).toBe(1234);
    expect(toPhysical(space, 1234)).toBe(1234);
  });

  it('keeps a 1,000,000-file library under the cap and reaches its oldest month at the bottom', () => {
    const metrics = gridMetrics(1280);
    const layout = layoutSections(
      Array.from({ length: 180 }, (_, i) => ({ key: `m${i}`, count: Math.round(1_000_000 / 180) })),
      metrics,
    );
    const space = scrollSpace(layout.totalHeight, 800);
    expect(layout.totalHeight).toBeGreaterThan(16_700_000);
    expect(space.physicalHeight).toBe(MAX_PHYSICAL_HEIGHT);
    expect(space.scale).toBeGreaterThan(1);
    // The browser's largest scrollTop lands on the last viewport of the logical layout.
    const bottom = toLogical(space, space.physicalHeight - space.viewportHeight);
    expect(bottom).toBeCloseTo(layout.totalHeight - 800, 3);
    expect(sectionIndexAt(layout, bottom + 799)).toBe(179);
    // Every month's top is reachable by some physical scrollTop within the container.
    for (const section of layout.sections) {
      const physical = toPhysical(space, section.top);
      expect(physical).toBeLessThanOrEqual(space.physicalHeight - space.viewportHeight + 1e-6);
      expect(toLogical(space, physical)).toBeCloseTo(Math.min(section.top, maxLogicalOffset(space)), 3);
    }
  });

  it('maps physical to logical monotonically and back within one physical pixel', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 200_000_000 }),
        fc.integer({ min: 100, max: 2_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (logicalHeight, viewport, a, b) => {
          const space = scrollSpace(logicalHeight, viewport);
          expect(space.physicalHeight).toBeLessThanOrEqual(MAX_PHYSICAL_HEIGHT);
          const maxPhysical = Math.max(0, space.physicalHeight - viewport);
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(toLogical(space, lo * maxPhysical)).toBeLessThanOrEqual(toLogical(space, hi * maxPhysical));
          const logical = lo * maxLogicalOffset(space);
          expect(Math.abs(toLogical(space, toPhysical(space, logical)) - logical)).toBeLessThanOrEqual(
            space.scale,
          );
        },
      ),
    );
  });
});

describe('wheelDeltaPx', () => {
  it('converts lines and pages to pixels', () => {
    expect(wheelDeltaPx(100, 0, 800)).toBe(100);
    expect(wheelDeltaPx(3, 1, 800)).toBe(90);
    expect(wheelDeltaPx(1, 2, 800)).toBe(800);
  });
});
