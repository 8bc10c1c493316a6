import type { FileRecord } from '@nordlys/contract/file';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The documents page: its list (loading, loaded, failed) and the selection. Selection mode is on
 * while anything is selected; it resets after a download or a delete (core.md §2).
 */
export interface DocumentsState {
  status: 'loading' | 'loaded' | 'failed';
  files: FileRecord[];
  selected: string[];
}

export const initialDocumentsState = (): DocumentsState => ({ status: 'loading', files: [], selected: [] });

const slice = createSlice({
  name: 'documents',
  initialState: initialDocumentsState,
  reducers: {
    loadStarted(state) {
      state.status = 'loading';
    },
    loaded(state, action: PayloadAction<FileRecord[]>) {
      state.status = 'loaded';
      state.files = action.payload;
      const present = new Set(action.payload.map((file) => file.fileID));
      state.selected = state.selected.filter((id) => present.has(id));
    },
    loadFailed(state) {
      state.status = 'failed';
    },
    toggled(state, action: PayloadAction<string>) {
      const id = action.payload;
      if (!state.files.some((file) => file.fileID === id)) return;
      state.selected = state.selected.includes(id)
        ? state.selected.filter((selected) => selected !== id)
        : [...state.selected, id];
    },
    /** The header checkbox: select every document, or clear when all already are. */
    allToggled(state) {
      const all = state.files.length > 0 && state.selected.length === state.files.length;
      state.selected = all ? [] : state.files.map((file) => file.fileID);
    },
    selectionCleared(state) {
      state.selected = [];
    },
    removed(state, action: PayloadAction<string[]>) {
      const gone = new Set(action.payload);
      state.files = state.files.filter((file) => !gone.has(file.fileID));
      state.selected = state.selected.filter((id) => !gone.has(id));
    },
  },
});

export const documentsActions = slice.actions;
export const documentsReducer = slice.reducer;

export const isSelecting = (state: DocumentsState) => state.selected.length > 0;
export const selectedFiles = (state: DocumentsState) => {
  const selected = new Set(state.selected);
  return state.files.filter((file) => selected.has(file.fileID));
};
