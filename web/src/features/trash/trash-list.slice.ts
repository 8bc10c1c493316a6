import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** An item of a trash list: a file or an album, by id. */
export interface TrashItem {
  id: string;
}

export type TrashFetchStatus = 'notStarted' | 'pending' | 'fetched' | 'failed';
export type TrashProcessing = 'restoring' | 'deleting';

/**
 * core.md §4 Trash fetch as a reducer (used with useReducer by each trash list): not started,
 * pending, fetched, failed. Items being restored or deleted pass through processing and leave the
 * list on success, or come back to it on failure. The selection never holds a processing item.
 */
export interface TrashListState<T extends TrashItem = TrashItem> {
  status: TrashFetchStatus;
  items: T[];
  /** How many the server holds (X-Total-Items), null until known. */
  total: number | null;
  selected: string[];
  processing: Record<string, TrashProcessing>;
}

export const initialTrashListState = <T extends TrashItem>(): TrashListState<T> => ({
  status: 'notStarted',
  items: [],
  total: null,
  selected: [],
  processing: {},
});

function drop(state: TrashListState, ids: readonly string[]) {
  const gone = new Set(ids);
  const before = state.items.length;
  state.items = state.items.filter((item) => !gone.has(item.id));
  if (state.total !== null) state.total = Math.max(0, state.total - (before - state.items.length));
  state.selected = state.selected.filter((id) => !gone.has(id));
  for (const id of ids) delete state.processing[id];
}

const slice = createSlice({
  name: 'trashList',
  initialState: initialTrashListState,
  reducers: {
    fetchStarted(state) {
      state.status = 'pending';
    },
    /** A page arrived: the first replaces the list, later ones (`append`) extend it. */
    fetched(state, action: PayloadAction<{ items: TrashItem[]; total: number | null; append?: boolean }>) {
      const { items, total, append } = action.payload;
      state.status = 'fetched';
      if (append) {
        const known = new Set(state.items.map((item) => item.id));
        state.items.push(...items.filter((item) => !known.has(item.id)));
      } else {
        state.items = items;
      }
      state.total = total ?? state.items.length;
      const present = new Set(state.items.map((item) => item.id));
      state.selected = state.selected.filter((id) => present.has(id));
    },
    fetchFailed(state) {
      state.status = 'failed';
    },
    toggled(state, action: PayloadAction<string>) {
      const id = action.payload;
      if (state.processing[id] || !state.items.some((item) => item.id === id)) return;
      state.selected = state.selected.includes(id)
        ? state.selected.filter((selected) => selected !== id)
        : [...state.selected, id];
    },
    /** Select every listed item not being processed, or clear when all already are. */
    allToggled(state) {
      const selectable = state.items.filter((item) => !state.processing[item.id]).map((item) => item.id);
      state.selected = state.selected.length === selectable.length && selectable.length > 0 ? [] : selectable;
    },
    selectionCleared(state) {
      state.selected = [];
    },
    processingStarted(state, action: PayloadAction<{ ids: string[]; kind: TrashProcessing }>) {
      const listed = new Set(state.items.map((item) => item.id));
      for (const id of action.payload.ids) if (listed.has(id)) state.processing[id] = action.payload.kind;
      const busy = new Set(action.payload.ids);
      state.selected = state.selected.filter((id) => !busy.has(id));
    },
    /** Restored or deleted for good (here or elsewhere): out of the list. */
    processed(state, action: PayloadAction<string[]>) {
      drop(state, action.payload);
    },
    processingFailed(state, action: PayloadAction<string[]>) {
      for (const id of action.payload) delete state.processing[id];
    },
  },
});

export const trashListActions = slice.actions;
export const trashListReducer = slice.reducer as <T extends TrashItem>(
  state: TrashListState<T>,
  action: { type: string; payload?: unknown },
) => TrashListState<T>;

export const selectedItems = <T extends TrashItem>(state: TrashListState<T>): T[] => {
  const selected = new Set(state.selected);
  return state.items.filter((item) => selected.has(item.id));
};

/** More pages to fetch: the server holds more than the list. */
export const hasMore = (state: TrashListState) => state.total !== null && state.items.length < state.total;
