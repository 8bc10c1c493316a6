import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CELL_GAP,
  cellPosition,
  detectFastScroll,
  gridMetrics,
  HEADER_HEIGHT,
  layoutSections,
  locate,
  rowsInWindow,
  sectionIndexAt,
  sectionsInWindow,
} from './timeline-layout';

describe('gridMetrics', () => {
  it('fits 180 px cells with 2 px gaps on desktop and stretches them to fill the row', () => {
    const m = gridMetrics(1280);
    expect(m.columns).toBe(7); // 7 * 182 - 2 = 1272 <= 1280 < 8 * 182 - 2
    expect(m.tile * m.columns + CELL_GAP * (m.columns - 1)).toBeCloseTo(1280);
    expect(m.tile).toBeGreaterThanOrEqual(180);
    expect(m.rowHeight).toBeCloseTo(m.tile + 2);
  });

  it('uses 176 px cells below the 600 px breakpoint', () => {
    expect(gridMetrics(599).columns).toBe(3); // 3 * 178 - 2 = 532
    expect(gridMetrics(375).columns).toBe(2);
    expect(gridMetrics(600).columns).toBe(3); // 180 px cells: 3 * 182 - 2 = 544
    expect(gridMetrics(100).columns).toBe(1);
  });
});

describe('layoutSections', () => {
  const metrics = gridMetrics(1280);

  it('stacks a 30 px header and ceil(count / columns) rows per month', () => {
    const layout = layoutSections(
      [
        { key: '2024-05', count: 7 },
        { key: '2024-04', count: 8 },
        { key: '2023-12', count: 0 },
      ],
      metrics,
    );
    expect(layout.sections.map((s) => s.rows)).toEqual([1, 2, 0]);
    expect(layout.sections[0]?.top).toBe(0);
    expect(layout.sections[1]?.top).toBeCloseTo(HEADER_HEIGHT + metrics.rowHeight);
    expect(layout.sections[2]?.top).toBeCloseTo(2 * HEADER_HEIGHT + 3 * metrics.rowHeight);
    expect(layout.totalHeight).toBeCloseTo(3 * HEADER_HEIGHT + 3 * metrics.rowHeight);
  });

  it('maps offsets back to sections and rows (the inverse)', () => {
    const layout = layoutSections(
      [
        { key: 'a', count: 20 },
        { key: 'b', count: 3 },
      ],
      metrics,
    );
    expect(locate(layout, 0)).toEqual({ sectionIndex: 0, row: -1 });
    expect(locate(layout, HEADER_HEIGHT + 1)).toEqual({ sectionIndex: 0, row: 0 });
    expect(locate(layout, HEADER_HEIGHT + metrics.rowHeight * 2.5)).toEqual({ sectionIndex: 0, row: 2 });
    const b = layout.sections[1];
    expect(locate(layout, (b?.top ?? 0) + 5)).toEqual({ sectionIndex: 1, row: -1 });
    expect(locate(layout, layout.totalHeight + 1000)).toEqual({ sectionIndex: 1, row: 0 });
    expect(locate(layoutSections([], metrics), 0)).toBeNull();
  });

  it('round-trips every cell: the cell at (section, index) is located at its own row', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 320, max: 2560 }),
        fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 40 }),
        fc.nat(),
        (width, counts, pick) => {
          const m = gridMetrics(width);
          const layout = layoutSections(
            counts.map((count, i) => ({ key: String(i), count })),
            m,
          );
          const sectionIndex = pick % counts.length;
          const section = layout.sections[sectionIndex];
          if (!section) return;
          const index = pick % section.count;
          const cell = cellPosition(index, m);
          const found = locate(layout, section.top + cell.top + m.tile / 2);
          expect(found).toEqual({ sectionIndex, row: Math.floor(index / m.columns) });
          expect(cell.left + m.tile).toBeLessThanOrEqual(width + 0.001);
        },
      ),
    );
  });

  it('lays out a 1,000,000-file library past the browser height cap, and finds its oldest month', () => {
    const m = gridMetrics(1000); // 5 columns
    expect(m.columns).toBe(5);
    // 15 years of months, 1,000,000 files in all.
    const months = Array.from({ length: 180 }, (_, i) => ({
      key: `m${i}`,
      count: i < 100 ? 5556 : 5555,
    }));
    expect(months.reduce((sum, mo) => sum + mo.count, 0)).toBe(1_000_000);
    const layout = layoutSections(months, m);
    expect(layout.totalHeight).toBeGreaterThan(16_700_000);
    expect(layout.totalHeight).toBeGreaterThan(24_000_000);
    const oldest = layout.sections[179];
    expect(sectionIndexAt(layout, layout.totalHeight - 1)).toBe(179);
    expect(locate(layout, (oldest?.top ?? 0) + HEADER_HEIGHT)?.sectionIndex).toBe(179);
  });
});

describe('windows', () => {
  const m = gridMetrics(1280);
  const layout = layoutSections(
    [
      { key: 'a', count: 70 },
      { key: 'b', count: 70 },
      { key: 'c', count: 70 },
    ],
    m,
  );

  it('lists the sections touching a window', () => {
    expect(sectionsInWindow(layout, 0, 10)).toEqual([0]);
    const b = layout.sections[1];
    expect(sectionsInWindow(layout, (b?.top ?? 0) - 10, (b?.top ?? 0) + 10)).toEqual([0, 1]);
    expect(sectionsInWindow(layout, 0, layout.totalHeight)).toEqual([0, 1, 2]);
  });

  it('lists only the rows of a section inside the window', () => {
    const a = layout.sections[0];
    if (!a) throw new Error('no section');
    expect(rowsInWindow(a, m, 0, HEADER_HEIGHT - 1)).toBeNull();
    expect(rowsInWindow(a, m, 0, HEADER_HEIGHT + m.rowHeight * 2.5)).toEqual([0, 2]);
    expect(rowsInWindow(a, m, -1e6, 1e9)).toEqual([0, 9]);
    expect(rowsInWindow(a, m, a.top + a.height + 1, 1e9)).toBeNull();
  });
});

describe('detectFastScroll', () => {
  const row = 182;
  it('fires when more than 7.5 rows pass within 250 ms', () => {
    let state = detectFastScroll([], { at: 0, offset: 0 }, row);
    state = detectFastScroll(state.samples, { at: 100, offset: 700 }, row);
    expect(state.fast).toBe(false);
    state = detectFastScroll(state.samples, { at: 240, offset: 7.6 * row }, row);
    expect(state.fast).toBe(true);
  });

  it('ignores the same distance spread over more than 250 ms', () => {
    let state = detectFastScroll([], { at: 0, offset: 0 }, row);
    state = detectFastScroll(state.samples, { at: 200, offset: 4 * row }, row);
    state = detectFastScroll(state.samples, { at: 400, offset: 8 * row }, row);
    expect(state.fast).toBe(false);
    expect(state.samples.map((s) => s.at)).toEqual([200, 400]);
  });
});
