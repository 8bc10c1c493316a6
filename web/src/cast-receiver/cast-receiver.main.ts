import './cast-receiver.css';
import type { CastWire } from '@nordlys/contract/cast-local-channel';
import { decodeSenderMessage, encodeCastMessage } from '@nordlys/contract/cast-messages';
import { openReceiverWire } from './cast-receiver-wire';
import {
  advanceDelay,
  initialReceiverModel,
  type ReceiverEvent,
  type ReceiverModel,
  receiverReducer,
  receiverState,
} from './receiver-state';
import { idleTexts } from './receiver-texts';

/**
 * Our Cast receiver application (served at /cast/receiver): shows the item the sender loads, runs
 * the slideshow and answers with its state. The logic is receiver-state.ts; this file is the
 * screen and the timer around it.
 */
const stage = document.getElementById('cast-stage') as HTMLElement;
/** Shown whenever nothing is cast: the product, and that the screen is ready for it. */
const idle = document.getElementById('cast-idle') as HTMLElement;
let model: ReceiverModel = initialReceiverModel;
let wire: CastWire | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let timerKey = '';
let shownFile = '';
let reported = '';

const stateMessage = () => encodeCastMessage({ type: 'receiverState', state: receiverState(model) });

function mediaFor(): HTMLImageElement | HTMLVideoElement | null {
  const { current } = model;
  if (!current) return null;
  if (current.type === 'image/jpeg') {
    const img = document.createElement('img');
    // The screen is for people in the room; the sender's page names the file.
    img.alt = '';
    img.src = current.url;
    return img;
  }
  const video = document.createElement('video');
  video.src = current.url;
  video.playsInline = true;
  video.addEventListener('playing', () => dispatch({ type: 'videoPlaying' }));
  video.addEventListener('waiting', () => dispatch({ type: 'videoWaiting' }));
  video.addEventListener('ended', () => dispatch({ type: 'videoEnded' }));
  video.addEventListener('timeupdate', () => dispatch({ type: 'videoTime', time: video.currentTime }));
  return video;
}

function fillIdle() {
  const texts = idleTexts(document.body.dataset.locale, document.body.dataset.brand);
  const text = (selector: string, value: string) => {
    (idle.querySelector(selector) as HTMLElement).textContent = value;
  };
  text('.cast-idle__brand', texts.brand);
  text('.cast-idle__ready-text', texts.ready);
  text('.cast-idle__hint', texts.hint);
}

function render() {
  const fileId = model.current?.fileID ?? '';
  if (fileId !== shownFile) {
    shownFile = fileId;
    const media = mediaFor();
    stage.replaceChildren(media ?? idle);
  }
  stage.dataset.playerState = model.playerState;
  stage.dataset.fileId = fileId;
  stage.dataset.hasItem = String(Boolean(model.current));
  const video = stage.querySelector('video');
  if (video) {
    if (model.pendingSeek !== null) {
      video.currentTime = model.pendingSeek;
      dispatch({ type: 'seekApplied' });
    }
    if (model.playerState === 'PAUSED') video.pause();
    else if (!model.ended && video.paused) void video.play().catch(() => dispatch({ type: 'videoWaiting' }));
  }
}

function schedule() {
  const delay = advanceDelay(model);
  const key = delay === null ? '' : `${model.step}:${delay}`;
  if (key === timerKey) return;
  timerKey = key;
  clearTimeout(timer);
  if (delay !== null) timer = setTimeout(() => dispatch({ type: 'advance' }), delay);
}

/** The senders follow the show: every change of item, state or autoplay is sent unasked. */
function report() {
  const now = JSON.stringify([model.current?.fileID, model.playerState, model.autoPlay]);
  if (now === reported) return;
  reported = now;
  wire?.send(stateMessage());
}

function dispatch(event: ReceiverEvent) {
  model = receiverReducer(model, event);
  render();
  schedule();
  report();
}

fillIdle();

void openReceiverWire((raw, reply) => {
  const decoded = decodeSenderMessage(raw);
  // A message we cannot read is dropped: the show goes on.
  if (!decoded.ok) return;
  dispatch({ type: 'message', message: decoded.message });
  if (decoded.message.type === 'getReceiverState') reply(stateMessage());
}).then(
  (opened) => {
    wire = opened;
  },
  () => {
    wire = null;
  },
);
