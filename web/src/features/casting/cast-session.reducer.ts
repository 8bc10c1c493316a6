import {
  CAST_NEXT_ITEMS_LIMIT,
  type CastItem,
  type ReceiverPlayerState,
  type ReceiverState,
} from '@nordlys/contract/cast-messages';

/**
 * The sender's view of a cast session (account.md §4): whether casting is on offer, the session,
 * the device name stored on connect (the carousel shows it) and the receiver's last reported
 * state. Pure; the wire and the framework live elsewhere.
 */
export type CastAvailability = 'unknown' | 'unavailable' | 'available';

export interface CastSessionState {
  availability: CastAvailability;
  status: 'disconnected' | 'connecting' | 'connected';
  deviceName: string | null;
  receiver: ReceiverState | null;
  autoPlay: boolean;
}

export type CastSessionEvent =
  | { type: 'availabilityChecked'; available: boolean }
  | { type: 'connecting' }
  | { type: 'connected'; deviceName: string }
  | { type: 'connectFailed' }
  | { type: 'disconnected' }
  | { type: 'receiverState'; state: ReceiverState }
  | { type: 'autoPlayToggled' };

export const initialCastSession: CastSessionState = {
  availability: 'unknown',
  status: 'disconnected',
  deviceName: null,
  receiver: null,
  autoPlay: true,
};

export function castSessionReducer(state: CastSessionState, event: CastSessionEvent): CastSessionState {
  switch (event.type) {
    case 'availabilityChecked':
      return { ...state, availability: event.available ? 'available' : 'unavailable' };
    case 'connecting':
      return state.availability === 'available' ? { ...state, status: 'connecting' } : state;
    case 'connected':
      return { ...state, availability: 'available', status: 'connected', deviceName: event.deviceName };
    case 'connectFailed':
      return state.status === 'connecting' ? { ...state, status: 'disconnected' } : state;
    case 'disconnected':
      return { ...state, status: 'disconnected', deviceName: null, receiver: null };
    case 'receiverState':
      return state.status === 'connected'
        ? { ...state, receiver: event.state, autoPlay: event.state.autoPlay }
        : state;
    case 'autoPlayToggled':
      return { ...state, autoPlay: !state.autoPlay };
  }
}

/** The carousel's video status words for the receiver's player states (account.md §4). */
export type CastPlayback = 'finished' | 'paused' | 'playing';

export function playbackOf(playerState: ReceiverPlayerState): CastPlayback {
  switch (playerState) {
    case 'IDLE':
      return 'finished';
    case 'PAUSED':
      return 'paused';
    case 'PLAYING':
    case 'BUFFERING':
      return 'playing';
  }
}

/** The bar is shown only while a session is connected. */
export const showsCastingBar = (state: CastSessionState) => state.status === 'connected';

/**
 * What a loadSingleItem carries for the file at `index` of the viewed list: that file and up to
 * four after it, so the receiver's slideshow goes on while the sender is idle.
 */
export function castWindow<T>(files: readonly T[], index: number): { item: T; next: T[] } | null {
  const item = files[index];
  if (item === undefined) return null;
  return { item, next: files.slice(index + 1, index + 1 + CAST_NEXT_ITEMS_LIMIT) };
}

/** The index next or previous of the receiver's current file, or null at either end. */
export function stepFrom(
  files: readonly { fileID: string }[],
  current: CastItem | null,
  direction: 1 | -1,
): number | null {
  const at = current ? files.findIndex((file) => file.fileID === current.fileID) : -1;
  if (at < 0) return null;
  const target = at + direction;
  return target >= 0 && target < files.length ? target : null;
}
