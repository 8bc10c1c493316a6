import { describe, expect, it } from 'vitest';
import {
  CAST_DEFAULT_DURATION_MS,
  type CastItem,
  type CastMessage,
  decodeCastMessage,
  decodeReceiverMessage,
  decodeSenderMessage,
  encodeCastMessage,
} from './cast-messages';

const item = (n: number, type: CastItem['type'] = 'image/jpeg'): CastItem => ({
  url: `https://photos.example/st/4/jobs/j/files_by_id/f${n}/preview?exp=1&sig=s`,
  fileID: `f${n}`,
  jobID: 'j',
  type,
  duration: 5000,
});

const roundTrip = (message: CastMessage) => decodeCastMessage(encodeCastMessage(message));

describe('cast messages', () => {
  it.each<CastMessage>([
    { type: 'loadSingleItem', item: item(1), nextItems: [item(2), item(3, 'video/mp4')], autoPlay: true },
    { type: 'autoPlayChanged', autoPlay: false },
    { type: 'playOrPauseMedia' },
    { type: 'seekVideo', time: 12.5 },
    { type: 'getReceiverState' },
    {
      type: 'receiverState',
      state: { current: item(1, 'video/mp4'), playerState: 'PLAYING', autoPlay: true, currentTime: 3 },
    },
    { type: 'receiverState', state: { current: null, playerState: 'IDLE', autoPlay: false, currentTime: 0 } },
  ])('round-trips $type', (message) => {
    expect(roundTrip(message)).toEqual({ ok: true, message });
  });

  it('fills the default duration and autoplay of a loadSingleItem', () => {
    const { duration: _, ...bare } = item(1);
    const result = decodeCastMessage({ type: 'loadSingleItem', item: bare });
    expect(result).toEqual({
      ok: true,
      message: {
        type: 'loadSingleItem',
        item: { ...bare, duration: CAST_DEFAULT_DURATION_MS },
        nextItems: [],
        autoPlay: true,
      },
    });
  });

  it.each([
    ['not json', '{', 'json'],
    ['an array', '[]', 'message'],
    ['an unknown type', { type: 'reboot' }, 'type'],
    [
      'five next items',
      { type: 'loadSingleItem', item: item(0), nextItems: [1, 2, 3, 4, 5].map((n) => item(n)) },
      'nextItems',
    ],
    ['a gif', { type: 'loadSingleItem', item: { ...item(1), type: 'image/gif' } }, 'item.type'],
    [
      'a script url',
      { type: 'loadSingleItem', item: { ...item(1), url: 'javascript:alert(1)' } },
      'item.url',
    ],
    ['a relative url', { type: 'loadSingleItem', item: { ...item(1), url: '/st/4/x' } }, 'item.url'],
    ['a missing file id', { type: 'loadSingleItem', item: { ...item(1), fileID: '' } }, 'item.fileID'],
    ['a zero duration', { type: 'loadSingleItem', item: { ...item(1), duration: 0 } }, 'item.duration'],
    [
      'a bad next item',
      { type: 'loadSingleItem', item: item(1), nextItems: [item(2), { url: 1 }] },
      'nextItems.1.url',
    ],
    ['a missing item', { type: 'loadSingleItem' }, 'item'],
    ['a negative seek', { type: 'seekVideo', time: -1 }, 'time'],
    ['a text autoplay', { type: 'autoPlayChanged', autoPlay: 'yes' }, 'autoPlay'],
    [
      'an unknown state',
      { type: 'receiverState', state: { current: null, playerState: 'X' } },
      'state.playerState',
    ],
  ])('rejects %s with a typed error naming the field', (_, raw, field) => {
    const result = decodeCastMessage(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.name).toBe('CastMessageError');
      expect(result.error.field).toBe(field);
    }
  });

  it('lets each side accept only the other side’s messages', () => {
    const state = encodeCastMessage({
      type: 'receiverState',
      state: { current: null, playerState: 'IDLE', autoPlay: true, currentTime: 0 },
    });
    const ask = encodeCastMessage({ type: 'getReceiverState' });
    expect(decodeSenderMessage(state).ok).toBe(false);
    expect(decodeSenderMessage(ask).ok).toBe(true);
    expect(decodeReceiverMessage(ask).ok).toBe(false);
    expect(decodeReceiverMessage(state).ok).toBe(true);
  });
});
