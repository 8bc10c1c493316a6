import type { FileRecord } from '@nordlys/contract/file';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** core.md §9. */
export const SLIDESHOW_INTERVAL_MS = 5000;
/** After a video ends the slideshow moves on almost at once (core.md §2). */
export const SLIDESHOW_AFTER_VIDEO_MS = 1;
export const PRELOAD_COUNT = 6;

/**
 * closed: nothing shown; loading: the file and its neighbours are being fetched; open: a file is
 * shown; failed / notFound: the file could not be loaded; left: the last file was deleted, so
 * the viewer leaves (core.md §2 Carousel).
 */
export type CarouselStatus = 'closed' | 'loading' | 'open' | 'failed' | 'notFound' | 'left';
export type PlaybackOrder = 'forwards' | 'backwards';
export type VideoStatus = 'idle' | 'playing' | 'paused' | 'finished';
export type SideModule = 'none' | 'info' | 'comments';
export type Direction = 'next' | 'previous';

export interface CarouselState {
  status: CarouselStatus;
  /** Newest first, as the timeline orders them: 'next' is the older neighbour. */
  files: FileRecord[];
  index: number;
  fullscreen: boolean;
  sideModule: SideModule;
  /** The slideshow: advance on its own in `playbackOrder`. */
  autoNavigate: boolean;
  playbackOrder: PlaybackOrder;
  videoStatus: VideoStatus;
}

export const initialCarouselState = (): CarouselState => ({
  status: 'closed',
  files: [],
  index: 0,
  fullscreen: false,
  sideModule: 'none',
  autoNavigate: false,
  playbackOrder: 'forwards',
  videoStatus: 'idle',
});

const compareFiles = (a: FileRecord, b: FileRecord) =>
  b.timestamp - a.timestamp || (a.fileID < b.fileID ? -1 : a.fileID > b.fileID ? 1 : 0);

/** One ordered list from overlapping windows: newest first, then by fileID, no duplicates. */
export function mergeFiles(...lists: readonly (readonly FileRecord[])[]): FileRecord[] {
  const byId = new Map<string, FileRecord>();
  for (const list of lists) for (const file of list) byId.set(file.fileID, file);
  return [...byId.values()].sort(compareFiles);
}

const step = (direction: Direction) => (direction === 'next' ? 1 : -1);
const orderStep = (order: PlaybackOrder) => (order === 'forwards' ? 1 : -1);

function moveTo(state: CarouselState, index: number): void {
  if (index === state.index) return;
  state.index = index;
  state.videoStatus = 'idle';
}

const slice = createSlice({
  name: 'carousel',
  initialState: initialCarouselState,
  reducers: {
    opened(state, action: PayloadAction<{ autoplay: boolean }>) {
      Object.assign(state, initialCarouselState(), {
        status: 'loading',
        autoNavigate: action.payload.autoplay,
      });
    },
    loaded(state, action: PayloadAction<{ files: FileRecord[]; fileId: string }>) {
      if (state.status !== 'loading') return;
      const files = mergeFiles(action.payload.files);
      const index = files.findIndex((file) => file.fileID === action.payload.fileId);
      if (index < 0) {
        state.status = 'notFound';
        return;
      }
      state.files = files;
      state.index = index;
      state.status = 'open';
    },
    loadFailed(state, action: PayloadAction<{ notFound: boolean }>) {
      if (state.status !== 'loading') return;
      state.status = action.payload.notFound ? 'notFound' : 'failed';
      state.autoNavigate = false;
    },
    /** More neighbours arrived; the viewed file stays the viewed file. */
    extended(state, action: PayloadAction<FileRecord[]>) {
      if (state.status !== 'open') return;
      const current = state.files[state.index]!;
      state.files = mergeFiles(state.files, action.payload);
      state.index = state.files.findIndex((file) => file.fileID === current.fileID);
    },
    /** The file the address names, when it is already in the list (history, a link). */
    shown(state, action: PayloadAction<string>) {
      const index = state.files.findIndex((file) => file.fileID === action.payload);
      if (state.status === 'open' && index >= 0) moveTo(state, index);
    },
    navigated(state, action: PayloadAction<Direction>) {
      if (state.status !== 'open') return;
      const target = state.index + step(action.payload);
      if (target >= 0 && target < state.files.length) moveTo(state, target);
    },
    /** The slideshow timer fired: advance in the playback order, or stop at the end. */
    slideshowTicked(state) {
      if (state.status !== 'open' || !state.autoNavigate) return;
      const target = state.index + orderStep(state.playbackOrder);
      if (target < 0 || target >= state.files.length) state.autoNavigate = false;
      else moveTo(state, target);
    },
    slideshowStarted(state, action: PayloadAction<PlaybackOrder | undefined>) {
      if (state.status !== 'open') return;
      state.autoNavigate = true;
      if (action.payload) state.playbackOrder = action.payload;
    },
    slideshowStopped(state) {
      state.autoNavigate = false;
    },
    playbackOrderChanged(state, action: PayloadAction<PlaybackOrder>) {
      state.playbackOrder = action.payload;
    },
    fullscreenChanged(state, action: PayloadAction<boolean>) {
      state.fullscreen = action.payload;
    },
    sideModuleToggled(state, action: PayloadAction<Exclude<SideModule, 'none'>>) {
      state.sideModule = state.sideModule === action.payload ? 'none' : action.payload;
    },
    sideModuleClosed(state) {
      state.sideModule = 'none';
    },
    videoPlayed(state) {
      state.videoStatus = 'playing';
    },
    videoPaused(state) {
      // The browser also pauses a video when it ends; that stays 'finished'.
      if (state.videoStatus !== 'finished') state.videoStatus = 'paused';
    },
    videoEnded(state) {
      state.videoStatus = 'finished';
    },
    /**
     * A file left the list (deleted). If it was the viewed one, show the next, else the previous,
     * else leave.
     */
    fileRemoved(state, action: PayloadAction<string>) {
      const removed = state.files.findIndex((file) => file.fileID === action.payload);
      if (removed < 0) return;
      state.files.splice(removed, 1);
      if (state.files.length === 0) {
        state.status = 'left';
        state.autoNavigate = false;
        state.fullscreen = false;
        state.index = 0;
        return;
      }
      if (removed < state.index) state.index -= 1;
      else if (removed === state.index) {
        // The next file slid into the removed one's place; at the end, take the previous.
        if (state.index >= state.files.length) state.index = state.files.length - 1;
        state.videoStatus = 'idle';
      }
    },
    /** A file's record was refreshed (fresh signed URLs, encoding finished). */
    fileUpdated(state, action: PayloadAction<FileRecord>) {
      const index = state.files.findIndex((file) => file.fileID === action.payload.fileID);
      if (index >= 0) state.files[index] = action.payload;
    },
    closed() {
      return initialCarouselState();
    },
  },
});

export const carouselActions = slice.actions;
export const carouselReducer = slice.reducer;
export type CarouselAction = ReturnType<(typeof carouselActions)[keyof typeof carouselActions]>;

export const currentFile = (state: CarouselState): FileRecord | undefined =>
  state.status === 'open' ? state.files[state.index] : undefined;

export const hasNext = (state: CarouselState) =>
  state.status === 'open' && state.index < state.files.length - 1;
export const hasPrevious = (state: CarouselState) => state.status === 'open' && state.index > 0;

/**
 * The neighbours to warm up: up to PRELOAD_COUNT files nearest the viewed one, alternating
 * ahead and behind in the playback order (so a slideshow finds its next picture loaded).
 */
export function neighboursToPreload(state: CarouselState, count = PRELOAD_COUNT): FileRecord[] {
  if (state.status !== 'open') return [];
  const ahead = orderStep(state.playbackOrder);
  const picked: FileRecord[] = [];
  for (let distance = 1; picked.length < count; distance += 1) {
    const forward = state.files[state.index + ahead * distance];
    const backward = state.files[state.index - ahead * distance];
    if (!forward && !backward) break;
    if (forward) picked.push(forward);
    if (backward && picked.length < count) picked.push(backward);
  }
  return picked;
}

/** The list is running out in a direction: fetch more before the user gets there. */
export function needsMore(state: CarouselState, direction: Direction, margin = PRELOAD_COUNT): boolean {
  if (state.status !== 'open') return false;
  return direction === 'next' ? state.files.length - 1 - state.index < margin : state.index < margin;
}
