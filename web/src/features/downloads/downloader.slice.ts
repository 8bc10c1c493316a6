import type { ArchiveMode } from '@nordlys/contract/archive';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../state/store';
import type { DownloadPage } from './download-split';

/** core.md §4 Downloader modal: off, max while shown, min while minimised to the progress box. */
export type DownloaderMode = 'off' | 'max' | 'min';

/**
 * Where the parts' archives come from: a job or a share, the archive mode, and a visitor's
 * password (an album's transformed one, a share's as typed).
 */
export type DownloadSource = ({ jobId: string } | { shareId: string }) & {
  mode: ArchiveMode;
  password: string | null;
};

export interface DownloaderState {
  mode: DownloaderMode;
  /** What is downloaded: an album's title, the timeline's, or null for a selection. */
  title: string | null;
  source: DownloadSource | null;
  pages: DownloadPage[];
}

const initialState: DownloaderState = { mode: 'off', title: null, source: null, pages: [] };

/**
 * The downloader's state machine: off → max when a paginated download starts; max → min on
 * minimise; min → max on maximise; clearing returns to off from anywhere; clicking a page marks
 * it clicked. Moves the machine does not have (minimise while off...) leave the state as it is.
 */
export const downloaderSlice = createSlice({
  name: 'downloader',
  initialState,
  reducers: {
    started(
      _state,
      action: PayloadAction<{ title: string | null; source: DownloadSource; pages: DownloadPage[] }>,
    ) {
      const { title, source, pages } = action.payload;
      return { mode: 'max', title, source, pages };
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
  selectors: {
    selectDownloader: (state) => state,
    selectDownloaderMode: (state) => state.mode,
  },
});

export const downloaderActions = downloaderSlice.actions;
export const downloaderReducer = downloaderSlice.reducer;

const injected = downloaderSlice.injectInto(rootReducer);
export const { selectDownloader, selectDownloaderMode } = injected.selectors;

/** Pages clicked so far, for the progress box. */
export const clickedCount = (state: DownloaderState) => state.pages.filter((page) => page.clicked).length;
