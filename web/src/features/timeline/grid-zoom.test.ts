import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ZOOM,
  PINCH_THRESHOLD_PX,
  pinchDirection,
  readZoom,
  saveZoom,
  stepZoom,
  WHEEL_STEP_PX,
  wheelZoom,
  ZOOM_FACTORS,
  zoomCell,
} from './grid-zoom';
import { columnsFor } from './timeline-layout';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('grid zoom', () => {
  it('starts at the spec cell: 180 px on desktop, 176 px on phones', () => {
    expect(zoomCell(1280, DEFAULT_ZOOM)).toBe(180);
    expect(zoomCell(375, DEFAULT_ZOOM)).toBe(176);
    expect(zoomCell(1280, DEFAULT_ZOOM + 1)).toBeGreaterThan(180);
    expect(zoomCell(1280, DEFAULT_ZOOM - 1)).toBeLessThan(180);
    expect(zoomCell(1280, 99)).toBe(zoomCell(1280, ZOOM_FACTORS.length - 1));
  });

  it('steps to fewer, larger cells or more, smaller ones, always changing the column count', () => {
    const width = 1280;
    const columns = (level: number) => columnsFor(width, zoomCell(width, level));
    const larger = stepZoom(DEFAULT_ZOOM, 1, width);
    const smaller = stepZoom(DEFAULT_ZOOM, -1, width);
    expect(columns(larger)).toBeLessThan(columns(DEFAULT_ZOOM));
    expect(columns(smaller)).toBeGreaterThan(columns(DEFAULT_ZOOM));
    expect(stepZoom(DEFAULT_ZOOM, 0, width)).toBe(DEFAULT_ZOOM);
    // The ends stay put.
    expect(stepZoom(ZOOM_FACTORS.length - 1, 1, width)).toBe(ZOOM_FACTORS.length - 1);
    expect(stepZoom(0, -1, width)).toBe(0);
  });

  it('skips a level that would look the same on a narrow phone', () => {
    const width = 375;
    const top = stepZoom(DEFAULT_ZOOM, 1, width);
    expect(columnsFor(width, zoomCell(width, top))).toBe(1);
    // Already one column: no larger step changes anything, so none is taken.
    expect(stepZoom(top, 1, width)).toBe(top);
    expect(columnsFor(width, zoomCell(width, stepZoom(DEFAULT_ZOOM, -1, width)))).toBe(3);
  });

  it('a pinch steps once the fingers move the 20 px threshold', () => {
    expect(pinchDirection(100, 100 + PINCH_THRESHOLD_PX - 1)).toBe(0);
    expect(pinchDirection(100, 100 + PINCH_THRESHOLD_PX)).toBe(1);
    expect(pinchDirection(100, 100 - PINCH_THRESHOLD_PX)).toBe(-1);
  });

  it('Ctrl + wheel adds up travel to a step; wheel up enlarges', () => {
    expect(wheelZoom(0, -100)).toEqual({ travel: 0, direction: 1 });
    expect(wheelZoom(0, 100)).toEqual({ travel: 0, direction: -1 });
    let state = { travel: 0, direction: 0 as -1 | 0 | 1 };
    const steps: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      state = wheelZoom(state.travel, -WHEEL_STEP_PX / 5);
      steps.push(state.direction);
    }
    expect(steps.filter((d) => d === 1)).toHaveLength(2);
  });

  it('is remembered per device, and bad stored values fall back to the default', () => {
    const storage = memoryStorage();
    expect(readZoom(storage)).toBe(DEFAULT_ZOOM);
    saveZoom(DEFAULT_ZOOM + 1, storage);
    expect(readZoom(storage)).toBe(DEFAULT_ZOOM + 1);
    storage.items.set('nordlys.timeline.zoom', 'huge');
    expect(readZoom(storage)).toBe(DEFAULT_ZOOM);
    storage.items.set('nordlys.timeline.zoom', '42');
    expect(readZoom(storage)).toBe(ZOOM_FACTORS.length - 1);
  });
});
