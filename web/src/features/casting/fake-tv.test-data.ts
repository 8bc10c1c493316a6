import { openLocalCastChannel } from '@nordlys/contract/cast-local-channel';
import {
  decodeSenderMessage,
  encodeCastMessage,
  type ReceiverState,
  type SenderMessage,
} from '@nordlys/contract/cast-messages';

/** A stand-in for the TV (none here): it keeps what it was sent and answers with its state. */
export function fakeTv() {
  const heard: SenderMessage[] = [];
  let state: ReceiverState = { current: null, playerState: 'IDLE', autoPlay: true, currentTime: 0 };
  const channel = openLocalCastChannel('receiver', (raw) => {
    const decoded = decodeSenderMessage(raw);
    if (!decoded.ok) return;
    const message = decoded.message;
    heard.push(message);
    if (message.type === 'loadSingleItem')
      state = { ...state, current: message.item, playerState: 'PLAYING' };
    if (message.type === 'playOrPauseMedia')
      state = { ...state, playerState: state.playerState === 'PLAYING' ? 'PAUSED' : 'PLAYING' };
    if (message.type === 'autoPlayChanged') state = { ...state, autoPlay: message.autoPlay };
    if (message.type === 'seekVideo') state = { ...state, currentTime: message.time };
    send();
  });
  const send = () => channel.send(encodeCastMessage({ type: 'receiverState', state }));
  return {
    heard,
    /** Reports a state of its own, as the TV does when a slide or a video ends. */
    report(change: Partial<ReceiverState>) {
      state = { ...state, ...change };
      send();
    },
    close: () => channel.close(),
  };
}
