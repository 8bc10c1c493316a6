import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../state/store';

/** core.md §2 tile states; the ToBe* states preview a shift-click range. */
export type TileSelection = 'NotSelected' | 'ToBeSelected' | 'Selected' | 'ToBeDeselected';
/** core.md §3 timeline group selection status. */
export type GroupSelection = 'none-selected' | 'some' | 'all-selected';

export interface SelectionState {
  selected: Record<string, true>;
  count: number;
  /** The last clicked file: one end of a shift range. */
  anchorId: string | null;
  /** The file under the pointer: the other end of a previewed range. */
  hoverId: string | null;
  shiftHeld: boolean;
  /** Months between the range ends are being fetched ('fetching file selection info'). */
  fetchingRange: boolean;
}

export const initialSelectionState = (): SelectionState => ({
  selected: {},
  count: 0,
  anchorId: null,
  hoverId: null,
  shiftHeld: false,
  fetchingRange: false,
});

function setSelected(state: SelectionState, id: string, on: boolean): void {
  const has = state.selected[id] === true;
  if (on && !has) {
    state.selected[id] = true;
    state.count += 1;
  } else if (!on && has) {
    delete state.selected[id];
    state.count -= 1;
  }
}

export const selectionSlice = createSlice({
  name: 'timelineSelection',
  initialState: initialSelectionState,
  reducers: {
    /** Click on a tile's check (or any tile while selecting, or a long press). */
    toggled(state, action: PayloadAction<string>) {
      const id = action.payload;
      setSelected(state, id, state.selected[id] !== true);
      state.anchorId = id;
    },
    /**
     * Shift-click: the files between the anchor and the target (ordered ids, both ends included)
     * take the anchor's state; with no anchor, the range selects.
     */
    rangeApplied(state, action: PayloadAction<{ ids: string[]; targetId: string }>) {
      const select = state.anchorId === null || state.selected[state.anchorId] === true;
      for (const id of action.payload.ids) setSelected(state, id, select);
      state.anchorId = action.payload.targetId;
      state.fetchingRange = false;
    },
    hovered(state, action: PayloadAction<string | null>) {
      state.hoverId = action.payload;
    },
    shiftChanged(state, action: PayloadAction<boolean>) {
      state.shiftHeld = action.payload;
    },
    /** Month header check: all selected -> none, otherwise all. */
    groupToggled(state, action: PayloadAction<string[]>) {
      const ids = action.payload;
      const all = ids.length > 0 && ids.every((id) => state.selected[id] === true);
      for (const id of ids) setSelected(state, id, !all);
    },
    /** Ctrl/Cmd+A: every loaded file. */
    allSelected(state, action: PayloadAction<string[]>) {
      for (const id of action.payload) setSelected(state, id, true);
    },
    /** Files gone (deleted elsewhere, or by the action just run) leave the selection. */
    filesRemoved(state, action: PayloadAction<string[]>) {
      for (const id of action.payload) setSelected(state, id, false);
      if (state.anchorId && !state.selected[state.anchorId] && action.payload.includes(state.anchorId)) {
        state.anchorId = null;
      }
    },
    rangeFetchStarted(state) {
      state.fetchingRange = true;
    },
    rangeFetchEnded(state) {
      state.fetchingRange = false;
    },
    /** Escape, or an action that clears the selection. */
    cleared: (state) => ({ ...initialSelectionState(), shiftHeld: state.shiftHeld }),
  },
  selectors: {
    selectSelection: (state) => state,
  },
});

export const selectionActions = selectionSlice.actions;
const injected = selectionSlice.injectInto(rootReducer);
export const { selectSelection } = injected.selectors;

/** The ids from a to b inclusive in display order, whichever comes first; null if either is absent. */
export function rangeIds(order: readonly string[], a: string, b: string): string[] | null {
  const i = order.indexOf(a);
  const j = order.indexOf(b);
  if (i < 0 || j < 0) return null;
  return order.slice(Math.min(i, j), Math.max(i, j) + 1);
}

export interface RangePreview {
  ids: ReadonlySet<string>;
  select: boolean;
}

/** The range a shift-click on the hovered file would apply, for the ToBe* tile states. */
export function rangePreview(state: SelectionState, order: readonly string[]): RangePreview | null {
  if (!state.shiftHeld || !state.anchorId || !state.hoverId || state.count === 0) return null;
  const ids = rangeIds(order, state.anchorId, state.hoverId);
  if (!ids) return null;
  return { ids: new Set(ids), select: state.selected[state.anchorId] === true };
}

export function tileSelection(
  state: SelectionState,
  id: string,
  preview: RangePreview | null,
): TileSelection {
  const selected = state.selected[id] === true;
  if (preview?.ids.has(id)) {
    if (preview.select) return selected ? 'Selected' : 'ToBeSelected';
    return selected ? 'ToBeDeselected' : 'NotSelected';
  }
  return selected ? 'Selected' : 'NotSelected';
}

export function groupSelection(state: SelectionState, ids: readonly string[]): GroupSelection {
  let n = 0;
  for (const id of ids) if (state.selected[id] === true) n += 1;
  if (n === 0) return 'none-selected';
  return n === ids.length ? 'all-selected' : 'some';
}

export const isSelecting = (state: SelectionState): boolean => state.count > 0;

/** A picker's limit: whether the change would leave more than `max` files selected. */
export function exceedsMax(
  state: SelectionState,
  action: ReturnType<(typeof selectionActions)[keyof typeof selectionActions]>,
  max: number | undefined,
): boolean {
  return max !== undefined && selectionSlice.reducer(state, action).count > max;
}
