import { describe, expect, it } from 'vitest';
import { revealDelta, scrollEdges, scrollStep } from './scroll-row.rules';

describe('scrollEdges', () => {
  it('says nothing more when everything fits (or is a pixel short)', () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 300, clientWidth: 300 })).toEqual({
      start: false,
      end: false,
    });
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 301.5, clientWidth: 300 })).toEqual({
      start: false,
      end: false,
    });
  });

  it('points to the end at the start, both ways in the middle, to the start at the end', () => {
    const row = { scrollWidth: 700, clientWidth: 375 };
    expect(scrollEdges({ ...row, scrollLeft: 0 })).toEqual({ start: false, end: true });
    expect(scrollEdges({ ...row, scrollLeft: 150 })).toEqual({ start: true, end: true });
    expect(scrollEdges({ ...row, scrollLeft: 325 })).toEqual({ start: true, end: false });
    expect(scrollEdges({ ...row, scrollLeft: 324 })).toEqual({ start: true, end: false });
    expect(scrollEdges({ ...row, scrollLeft: 320 })).toEqual({ start: true, end: true });
  });
});

describe('scrollStep', () => {
  it('moves most of a view, at least a pixel', () => {
    expect(scrollStep(375)).toBe(281);
    expect(scrollStep(0)).toBe(1);
  });
});

describe('revealDelta', () => {
  const view = { left: 0, right: 375 };
  it('leaves an item in the clear alone', () => {
    expect(revealDelta({ left: 60, right: 200 }, view, 48)).toBe(0);
  });

  it('scrolls an item under the end button into the clear, and one under the start button', () => {
    expect(revealDelta({ left: 300, right: 400 }, view, 48)).toBe(400 - 327);
    expect(revealDelta({ left: 10, right: 100 }, view, 48)).toBe(10 - 48);
  });

  it('brings an item wider than the room to its start', () => {
    expect(revealDelta({ left: 100, right: 500 }, view, 48)).toBe(52);
  });
});
