import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DownloadPage } from './download-split';

/** core.md §4 Downloader modal: off, max while shown, min while minimised to the progress box. */
export type DownloaderMode = 'off' | 'max' | 'min';

export interface DownloaderState {
  mode: DownloaderMode;
  /** What is downloaded: an album's title, or null for a selection or the timeline. */
  title: string | null;
  pages: DownloadPage[];
}

const initialState: DownloaderState = { mode: 'off', title: null, pages: [] };

/**
 * The downloader's state machine: off → max when a paginated download starts; max → min on
 * minimise; min → max on maximise; clearing returns to off from anywhere; clicking a page marks
 * it clicked. Moves the machine does not have (minimise while off...) leave the state as it is.
 */
export const downloaderSlice = createSlice({
  name: 'downloader',
  initialState,
  reducers: {
    started(_state, action: PayloadAction<{ title: string | null; pages: DownloadPage[] }>) {
      return { mode: 'max', title: action.payload.title, pages: action.payload.pages };
    },
    minimised(state) {
      if (state.mode === 'max') state.mode = 'min';
    },
    maximised(state) {
      if (state.mode === 'min') state.mode = 'max';
    },
    cleared() {
      return initialState;
    },
    pageClicked(state, action: PayloadAction<number>) {
      const page = state.pages[action.payload];
      if (state.mode !== 'off' && page) page.clicked = true;
    },
  },
});

export const downloaderActions = downloaderSlice.actions;
export const downloaderReducer = downloaderSlice.reducer;

/** Pages clicked so far, for the progress box. */
export const clickedCount = (state: DownloaderState) => state.pages.filter((page) => page.clicked).length;
