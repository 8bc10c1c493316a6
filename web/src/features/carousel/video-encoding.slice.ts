import type { EncodingStatus } from '@nordlys/contract/file';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** core.md §9: re-check every second while queued; the queued badge after 2 s. */
export const VIDEO_CHECK_RETRY_MS = 1000;
export const QUEUED_BADGE_DELAY_MS = 2000;

/**
 * core.md §4 Video encoding: FETCHING (asking the server), PROCESSING (queued), ENCODED, ERROR.
 * `badgeVisible` turns on only once a file has stayed queued for QUEUED_BADGE_DELAY_MS.
 */
export interface VideoEncodingState {
  status: EncodingStatus;
  badgeVisible: boolean;
  /** The web encode's signed URL, once ENCODED and the file record has it. */
  videoURL: string | null;
}

export const initialVideoEncodingState = (
  status: EncodingStatus | undefined,
  videoURL: string | null | undefined,
): VideoEncodingState => ({
  status: status === 'ENCODED' && !videoURL ? 'FETCHING' : (status ?? 'FETCHING'),
  badgeVisible: false,
  videoURL: status === 'ENCODED' ? (videoURL ?? null) : null,
});

const slice = createSlice({
  name: 'videoEncoding',
  initialState: () => initialVideoEncodingState(undefined, null),
  reducers: {
    /** A v-check answer. ENCODED without a URL yet stays FETCHING until the record is reloaded. */
    checked(state, action: PayloadAction<EncodingStatus>) {
      if (state.status === 'ENCODED' || state.status === 'ERROR') return;
      if (action.payload === 'ENCODED') {
        state.badgeVisible = false;
        if (state.videoURL) state.status = 'ENCODED';
        else state.status = 'FETCHING';
        return;
      }
      state.status = action.payload;
      if (action.payload !== 'PROCESSING') state.badgeVisible = false;
    },
    /** The reloaded file record: its videoURL makes the video playable. */
    recordLoaded(state, action: PayloadAction<{ status?: EncodingStatus; videoURL?: string | null }>) {
      const { status, videoURL } = action.payload;
      if (status === 'ENCODED' && videoURL) {
        state.status = 'ENCODED';
        state.videoURL = videoURL;
        state.badgeVisible = false;
      } else if (status === 'ERROR') {
        state.status = 'ERROR';
        state.badgeVisible = false;
      } else if (status === 'PROCESSING') {
        state.status = 'PROCESSING';
      }
    },
    /** Two seconds passed since the file was first seen queued. */
    badgeDue(state) {
      if (state.status === 'PROCESSING') state.badgeVisible = true;
    },
    /** The check itself failed (network, 5xx). */
    checkFailed(state) {
      state.status = 'ERROR';
      state.badgeVisible = false;
    },
  },
});

export const videoEncodingActions = slice.actions;
export const videoEncodingReducer = slice.reducer;
