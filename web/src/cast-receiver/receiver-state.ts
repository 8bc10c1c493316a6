import type {
  CastItem,
  ReceiverPlayerState,
  ReceiverState,
  SenderMessage,
} from '@nordlys/contract/cast-messages';

/**
 * The receiver application's state (account.md §4): the item on screen, the items the sender
 * queued after it, and playback. Pure: the page feeds it the sender's messages and its media
 * element's events, and runs the one timer `advanceDelay` names.
 */
export interface ReceiverModel {
  current: CastItem | null;
  queue: CastItem[];
  playerState: ReceiverPlayerState;
  autoPlay: boolean;
  /** Video position in seconds; 0 for a picture. */
  currentTime: number;
  /** A seek the video element has still to apply. */
  pendingSeek: number | null;
  /** True once the current video has played to its end. */
  ended: boolean;
  /** Changes with every new item or restart, so a page knows its timer must start over. */
  step: number;
}

export type ReceiverEvent =
  | { type: 'message'; message: SenderMessage }
  /** The slideshow timer ran out. */
  | { type: 'advance' }
  | { type: 'videoPlaying' }
  | { type: 'videoWaiting' }
  | { type: 'videoEnded' }
  | { type: 'videoTime'; time: number }
  | { type: 'seekApplied' };

/** After a video ends the next item follows at once (account.md §4: 1 ms). */
export const AFTER_VIDEO_DELAY_MS = 1;

export const initialReceiverModel: ReceiverModel = {
  current: null,
  queue: [],
  playerState: 'IDLE',
  autoPlay: true,
  currentTime: 0,
  pendingSeek: null,
  ended: false,
  step: 0,
};

const isVideo = (item: CastItem | null) => item?.type === 'video/mp4';

/** Shows `item`: a picture is at once PLAYING (or PAUSED without autoplay), a video BUFFERING until it plays. */
function show(model: ReceiverModel, item: CastItem, queue: CastItem[]): ReceiverModel {
  const playerState: ReceiverPlayerState = isVideo(item)
    ? 'BUFFERING'
    : model.autoPlay
      ? 'PLAYING'
      : 'PAUSED';
  return {
    ...model,
    current: item,
    queue,
    playerState,
    currentTime: 0,
    pendingSeek: null,
    ended: false,
    step: model.step + 1,
  };
}

function next(model: ReceiverModel): ReceiverModel {
  const [following, ...rest] = model.queue;
  if (following) return show(model, following, rest);
  // Nothing queued: the show is finished, the last item stays on screen.
  return { ...model, playerState: 'IDLE', step: model.step + 1 };
}

function onMessage(model: ReceiverModel, message: SenderMessage): ReceiverModel {
  switch (message.type) {
    case 'loadSingleItem':
      return show({ ...model, autoPlay: message.autoPlay }, message.item, message.nextItems);
    case 'autoPlayChanged': {
      const changed = { ...model, autoPlay: message.autoPlay, step: model.step + 1 };
      if (!isVideo(model.current) && model.current && model.playerState !== 'IDLE') {
        changed.playerState = message.autoPlay ? 'PLAYING' : 'PAUSED';
      }
      return changed;
    }
    case 'playOrPauseMedia':
      if (!model.current) return model;
      if (model.playerState === 'IDLE') {
        // A finished item plays again from its start.
        return { ...show(model, model.current, model.queue), pendingSeek: isVideo(model.current) ? 0 : null };
      }
      return {
        ...model,
        playerState: model.playerState === 'PAUSED' ? 'PLAYING' : 'PAUSED',
        step: model.step + 1,
      };
    case 'seekVideo':
      if (!isVideo(model.current)) return model;
      return { ...model, pendingSeek: message.time, currentTime: message.time, ended: false };
    case 'getReceiverState':
      return model;
  }
}

export function receiverReducer(model: ReceiverModel, event: ReceiverEvent): ReceiverModel {
  switch (event.type) {
    case 'message':
      return onMessage(model, event.message);
    case 'advance':
      return model.current ? next(model) : model;
    case 'videoPlaying':
      return isVideo(model.current) && model.playerState !== 'PAUSED'
        ? { ...model, playerState: 'PLAYING' }
        : model;
    case 'videoWaiting':
      return isVideo(model.current) && model.playerState === 'PLAYING'
        ? { ...model, playerState: 'BUFFERING' }
        : model;
    case 'videoEnded':
      if (!isVideo(model.current)) return model;
      return { ...model, ended: true, playerState: 'IDLE', step: model.step + 1 };
    case 'videoTime':
      return isVideo(model.current) ? { ...model, currentTime: event.time } : model;
    case 'seekApplied':
      return { ...model, pendingSeek: null };
  }
}

/**
 * How long until the show moves on by itself, or null when it waits: a picture after its
 * duration while playing with autoplay on; a finished video after 1 ms with autoplay on.
 */
export function advanceDelay(model: ReceiverModel): number | null {
  if (!model.current || !model.autoPlay) return null;
  if (isVideo(model.current)) return model.ended && model.queue.length > 0 ? AFTER_VIDEO_DELAY_MS : null;
  return model.playerState === 'PLAYING' ? model.current.duration : null;
}

/** The receiverState reply's contents. */
export function receiverState(model: ReceiverModel): ReceiverState {
  return {
    current: model.current,
    playerState: model.playerState,
    autoPlay: model.autoPlay,
    currentTime: model.currentTime,
  };
}
