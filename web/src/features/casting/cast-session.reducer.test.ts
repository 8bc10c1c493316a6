import type { CastItem, ReceiverState } from '@nordlys/contract/cast-messages';
import { describe, expect, it } from 'vitest';
import {
  type CastSessionEvent,
  type CastSessionState,
  castSessionReducer,
  castWindow,
  initialCastSession,
  playbackOf,
  showsCastingBar,
  stepFrom,
} from './cast-session.reducer';

const run = (...events: CastSessionEvent[]): CastSessionState =>
  events.reduce(castSessionReducer, initialCastSession);
const item = (fileID: string): CastItem => ({
  url: `https://x.example/${fileID}`,
  fileID,
  jobID: 'j',
  type: 'image/jpeg',
  duration: 5000,
});
const state = (playerState: ReceiverState['playerState'], autoPlay = true): ReceiverState => ({
  current: item('a'),
  playerState,
  autoPlay,
  currentTime: 0,
});
const available = { type: 'availabilityChecked', available: true } as const;

describe('cast session', () => {
  it('records whether casting is on offer', () => {
    expect(run(available).availability).toBe('available');
    expect(run({ type: 'availabilityChecked', available: false }).availability).toBe('unavailable');
  });

  it('connects only when casting is on offer', () => {
    expect(run({ type: 'connecting' }).status).toBe('disconnected');
    expect(run(available, { type: 'connecting' }).status).toBe('connecting');
  });

  it('stores the device name on connect and shows the bar', () => {
    const connected = run(available, { type: 'connecting' }, { type: 'connected', deviceName: 'Stua' });
    expect(connected.deviceName).toBe('Stua');
    expect(showsCastingBar(connected)).toBe(true);
    expect(showsCastingBar(run(available, { type: 'connecting' }))).toBe(false);
  });

  it('goes back to disconnected when connecting fails', () => {
    expect(run(available, { type: 'connecting' }, { type: 'connectFailed' }).status).toBe('disconnected');
  });

  it('forgets device and receiver on disconnect, hiding the bar', () => {
    const gone = run(
      { type: 'connected', deviceName: 'Stua' },
      { type: 'receiverState', state: state('PLAYING') },
      { type: 'disconnected' },
    );
    expect(gone).toMatchObject({ status: 'disconnected', deviceName: null, receiver: null });
    expect(showsCastingBar(gone)).toBe(false);
  });

  it('takes the receiver state, and its autoplay, only while connected', () => {
    expect(run({ type: 'receiverState', state: state('PLAYING') }).receiver).toBeNull();
    const connected = run(
      { type: 'connected', deviceName: 'Stua' },
      { type: 'receiverState', state: state('PAUSED', false) },
    );
    expect(connected.receiver?.playerState).toBe('PAUSED');
    expect(connected.autoPlay).toBe(false);
  });

  it('toggles autoplay', () => {
    expect(run({ type: 'autoPlayToggled' }).autoPlay).toBe(false);
    expect(run({ type: 'autoPlayToggled' }, { type: 'autoPlayToggled' }).autoPlay).toBe(true);
  });

  it('maps IDLE, PAUSED, PLAYING and BUFFERING to finished, paused and playing', () => {
    expect(playbackOf('IDLE')).toBe('finished');
    expect(playbackOf('PAUSED')).toBe('paused');
    expect(playbackOf('PLAYING')).toBe('playing');
    expect(playbackOf('BUFFERING')).toBe('playing');
  });

  it('sends a file with at most four after it', () => {
    const files = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(castWindow(files, 1)).toEqual({ item: 'b', next: ['c', 'd', 'e', 'f'] });
    expect(castWindow(files, 5)).toEqual({ item: 'f', next: ['g'] });
    expect(castWindow(files, 7)).toBeNull();
  });

  it('steps next and previous from the receiver’s current file, stopping at the ends', () => {
    const files = [{ fileID: 'a' }, { fileID: 'b' }, { fileID: 'c' }];
    expect(stepFrom(files, item('b'), 1)).toBe(2);
    expect(stepFrom(files, item('b'), -1)).toBe(0);
    expect(stepFrom(files, item('c'), 1)).toBeNull();
    expect(stepFrom(files, item('a'), -1)).toBeNull();
    expect(stepFrom(files, item('z'), 1)).toBeNull();
    expect(stepFrom(files, null, 1)).toBeNull();
  });
});
