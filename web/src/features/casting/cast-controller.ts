import type { CastItem } from '@nordlys/contract/cast-messages';
import type { CastSenderWire } from './cast-sender-wire';
import {
  type CastSessionEvent,
  type CastSessionState,
  castSessionReducer,
  castWindow,
  initialCastSession,
  stepFrom,
} from './cast-session.reducer';

/** A file as the sender knows it: enough to ask the server for its cast item. */
export interface CastableFile {
  jobID: string;
  fileID: string;
}

export interface CastControllerDeps {
  /** The wire, or null when this browser cannot cast. */
  wire: CastSenderWire | null;
  /** The server's cast item for a file (api/cast.api.ts). */
  castItem(file: CastableFile): Promise<CastItem>;
}

/**
 * The sender's commands (account.md §4) over the session model: connect, cast the viewed list
 * from a file, play or pause, seek, next and previous, autoplay, stop. The casting bar and the
 * carousel subscribe to it; it holds the list being cast so next and previous work from the bar
 * on any page.
 */
export function createCastController({ wire, castItem }: CastControllerDeps) {
  let state: CastSessionState = castSessionReducer(initialCastSession, {
    type: 'availabilityChecked',
    available: wire !== null,
  });
  let files: readonly CastableFile[] = [];
  const listeners = new Set<() => void>();
  const dispatch = (event: CastSessionEvent) => {
    state = castSessionReducer(state, event);
    for (const listener of listeners) listener();
  };

  wire?.onMessage((message) => dispatch({ type: 'receiverState', state: message.state }));
  wire?.onDisconnected(() => dispatch({ type: 'disconnected' }));

  async function load(index: number) {
    const window = castWindow(files, index);
    if (!wire || !window) return;
    const [item, ...nextItems] = await Promise.all([window.item, ...window.next].map(castItem));
    wire.send({ type: 'loadSingleItem', item: item as CastItem, nextItems, autoPlay: state.autoPlay });
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async connect(): Promise<boolean> {
      if (!wire) return false;
      dispatch({ type: 'connecting' });
      try {
        dispatch({ type: 'connected', deviceName: await wire.connect() });
        wire.send({ type: 'getReceiverState' });
        return true;
      } catch {
        // The user closed the device picker: nothing to report.
        dispatch({ type: 'connectFailed' });
        return false;
      }
    },
    /** Casts `list` from the file at `index` (with up to four after it queued on the receiver). */
    castFrom(list: readonly CastableFile[], index: number) {
      files = list;
      return load(index);
    },
    playOrPause: () => wire?.send({ type: 'playOrPauseMedia' }),
    seek: (time: number) => wire?.send({ type: 'seekVideo', time }),
    toggleAutoPlay() {
      dispatch({ type: 'autoPlayToggled' });
      wire?.send({ type: 'autoPlayChanged', autoPlay: state.autoPlay });
    },
    next: () => step(1),
    previous: () => step(-1),
    disconnect: () => wire?.disconnect(),
  };

  function step(direction: 1 | -1) {
    const target = stepFrom(files, state.receiver?.current ?? null, direction);
    return target === null ? Promise.resolve() : load(target);
  }
}

export type CastController = ReturnType<typeof createCastController>;
