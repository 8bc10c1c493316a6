import { describe, expect, it } from 'vitest';
import {
  selectionActions as a,
  exceedsMax,
  groupSelection,
  initialSelectionState,
  rangeIds,
  rangePreview,
  type SelectionState,
  selectionSlice,
  tileSelection,
} from './selection.slice';

const reduce = (state: SelectionState, ...actions: Parameters<typeof selectionSlice.reducer>[1][]) =>
  actions.reduce(selectionSlice.reducer, state);
const order = ['f1', 'f2', 'f3', 'f4', 'f5'];
const start = initialSelectionState();

describe('selection reducer transitions', () => {
  it('toggled: NotSelected -> Selected, sets the anchor; again -> NotSelected', () => {
    const one = reduce(start, a.toggled('f2'));
    expect(one).toMatchObject({ count: 1, anchorId: 'f2', selected: { f2: true } });
    expect(tileSelection(one, 'f2', null)).toBe('Selected');
    const back = reduce(one, a.toggled('f2'));
    expect(back).toMatchObject({ count: 0, selected: {} });
    expect(tileSelection(back, 'f2', null)).toBe('NotSelected');
  });

  it('rangeApplied selects the range when the anchor is selected', () => {
    const s = reduce(start, a.toggled('f1'), a.rangeApplied({ ids: ['f1', 'f2', 'f3'], targetId: 'f3' }));
    expect(Object.keys(s.selected).sort()).toEqual(['f1', 'f2', 'f3']);
    expect(s).toMatchObject({ count: 3, anchorId: 'f3' });
  });

  it('rangeApplied deselects the range when the anchor was deselected', () => {
    let s = reduce(start, a.allSelected(order), a.toggled('f2'));
    expect(s.count).toBe(4);
    s = reduce(s, a.rangeApplied({ ids: ['f2', 'f3', 'f4'], targetId: 'f4' }));
    expect(Object.keys(s.selected).sort()).toEqual(['f1', 'f5']);
    expect(s.count).toBe(2);
  });

  it('rangeApplied ends the range fetch', () => {
    const s = reduce(start, a.toggled('f1'), a.rangeFetchStarted());
    expect(s.fetchingRange).toBe(true);
    expect(reduce(s, a.rangeApplied({ ids: ['f1'], targetId: 'f1' })).fetchingRange).toBe(false);
    expect(reduce(s, a.rangeFetchEnded()).fetchingRange).toBe(false);
  });

  it('hovered and shiftChanged set the previewed range end', () => {
    const s = reduce(start, a.hovered('f4'), a.shiftChanged(true));
    expect(s).toMatchObject({ hoverId: 'f4', shiftHeld: true });
    expect(reduce(s, a.hovered(null), a.shiftChanged(false))).toMatchObject({
      hoverId: null,
      shiftHeld: false,
    });
  });

  it('groupToggled selects a whole month, then deselects it when all are selected', () => {
    const month = ['f2', 'f3'];
    let s = reduce(start, a.toggled('f2'));
    expect(groupSelection(s, month)).toBe('some');
    s = reduce(s, a.groupToggled(month));
    expect(groupSelection(s, month)).toBe('all-selected');
    s = reduce(s, a.groupToggled(month));
    expect(groupSelection(s, month)).toBe('none-selected');
    expect(s.count).toBe(0);
  });

  it('allSelected selects every given id once', () => {
    const s = reduce(start, a.toggled('f1'), a.allSelected(order));
    expect(s.count).toBe(5);
  });

  it('filesRemoved drops deleted files and a removed anchor', () => {
    const s = reduce(start, a.toggled('f1'), a.toggled('f2'), a.filesRemoved(['f2', 'f9']));
    expect(s).toMatchObject({ count: 1, selected: { f1: true }, anchorId: null });
  });

  it('cleared (Escape) empties the selection but remembers the shift key', () => {
    const s = reduce(start, a.shiftChanged(true), a.toggled('f1'), a.hovered('f3'), a.cleared());
    expect(s).toEqual({ ...initialSelectionState(), shiftHeld: true });
  });
});

describe('range preview and tile states', () => {
  it('previews ToBeSelected between the selected anchor and the hovered file while shift is held', () => {
    const s = reduce(start, a.toggled('f2'), a.hovered('f4'), a.shiftChanged(true));
    const preview = rangePreview(s, order);
    expect([...(preview?.ids ?? [])]).toEqual(['f2', 'f3', 'f4']);
    expect(order.map((id) => tileSelection(s, id, preview))).toEqual([
      'NotSelected',
      'Selected',
      'ToBeSelected',
      'ToBeSelected',
      'NotSelected',
    ]);
  });

  it('previews ToBeDeselected when the anchor was just deselected', () => {
    const s = reduce(start, a.allSelected(order), a.toggled('f4'), a.hovered('f2'), a.shiftChanged(true));
    const preview = rangePreview(s, order);
    expect(order.map((id) => tileSelection(s, id, preview))).toEqual([
      'Selected',
      'ToBeDeselected',
      'ToBeDeselected',
      'NotSelected',
      'Selected',
    ]);
  });

  it('shows no preview without shift, without a selection or when an end is not loaded', () => {
    const s = reduce(start, a.toggled('f2'), a.hovered('f4'));
    expect(rangePreview(s, order)).toBeNull();
    expect(rangePreview(reduce(s, a.shiftChanged(true)), ['f2'])).toBeNull();
    expect(rangePreview(reduce(start, a.hovered('f4'), a.shiftChanged(true)), order)).toBeNull();
  });

  it('rangeIds works in either direction', () => {
    expect(rangeIds(order, 'f4', 'f2')).toEqual(['f2', 'f3', 'f4']);
    expect(rangeIds(order, 'f1', 'x')).toBeNull();
  });
});

describe("a picker's maximum", () => {
  it('refuses a change that would pass it and allows deselecting at the limit', () => {
    const two = reduce(start, a.toggled('f1'), a.toggled('f2'));
    expect(exceedsMax(two, a.toggled('f3'), 2)).toBe(true);
    expect(exceedsMax(two, a.toggled('f2'), 2)).toBe(false);
    expect(exceedsMax(two, a.groupToggled(['f3', 'f4']), 3)).toBe(true);
    expect(exceedsMax(two, a.allSelected(order), undefined)).toBe(false);
  });
});
