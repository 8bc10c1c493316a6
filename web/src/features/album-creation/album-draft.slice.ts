import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../state/store';

/**
 * An album being made (core.md §2 "Album creation"): named in step 1, filled in step 2, created on
 * the server only when saved (or by the first upload into it). Cancel removes it.
 */
export interface AlbumDraft {
  /** A client-made UUID standing in for the album id in the address until the album exists. */
  draftId: string;
  title: string;
  isShared: boolean;
  /** Files chosen before step 2 (the picker's New album tile), selected when step 2 opens. */
  preselected: string[];
}

export interface AlbumDraftState {
  draft: AlbumDraft | null;
  /** The create_album overlay (step 1) and the files it was opened with. */
  overlay: { open: boolean; preselected: string[] };
}

export const initialAlbumDraftState = (): AlbumDraftState => ({
  draft: null,
  overlay: { open: false, preselected: [] },
});

export const albumDraftSlice = createSlice({
  name: 'albumDraft',
  initialState: initialAlbumDraftState,
  reducers: {
    overlayOpened(state, action: PayloadAction<{ preselected?: string[] } | undefined>) {
      state.overlay = { open: true, preselected: action.payload?.preselected ?? [] };
    },
    overlayClosed(state) {
      state.overlay = { open: false, preselected: [] };
    },
    /** Step 1 done: the draft exists and the overlay hands over to step 2. */
    draftStarted(state, action: PayloadAction<{ draftId: string; title: string; isShared: boolean }>) {
      state.draft = { ...action.payload, preselected: state.overlay.preselected };
      state.overlay = { open: false, preselected: [] };
    },
    draftRenamed(state, action: PayloadAction<{ title: string; isShared: boolean }>) {
      if (!state.draft) return;
      state.draft.title = action.payload.title;
      state.draft.isShared = action.payload.isShared;
    },
    preselectionTaken(state) {
      if (state.draft) state.draft.preselected = [];
    },
    /** Cancel, or the album now exists on the server. */
    draftRemoved(state) {
      state.draft = null;
      state.overlay = { open: false, preselected: [] };
    },
  },
});

export const albumDraftActions = albumDraftSlice.actions;
export const albumDraftReducer = albumDraftSlice.reducer;
const injected = albumDraftSlice.injectInto(rootReducer);
export type AlbumDraftRootState = { albumDraft: AlbumDraftState };
export const selectAlbumDraftState = (root: AlbumDraftRootState): AlbumDraftState =>
  injected.selectSlice(root as never) as AlbumDraftState;

/** The draft behind an address's album id, if that id is a draft's. */
export const draftFor = (state: AlbumDraftState, albumId: string | null): AlbumDraft | null =>
  state.draft && albumId !== null && state.draft.draftId === albumId ? state.draft : null;
