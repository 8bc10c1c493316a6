import type { CastItem, SenderMessage } from '@nordlys/contract/cast-messages';
import { describe, expect, it } from 'vitest';
import {
  AFTER_VIDEO_DELAY_MS,
  advanceDelay,
  initialReceiverModel,
  type ReceiverEvent,
  type ReceiverModel,
  receiverReducer,
  receiverState,
} from './receiver-state';

const picture = (n: number, duration = 5000): CastItem => ({
  url: `https://photos.example/p${n}`,
  fileID: `p${n}`,
  jobID: 'j',
  type: 'image/jpeg',
  duration,
});
const video = (n: number): CastItem => ({ ...picture(n), fileID: `v${n}`, type: 'video/mp4' });

const message = (m: SenderMessage): ReceiverEvent => ({ type: 'message', message: m });
const load = (item: CastItem, nextItems: CastItem[] = [], autoPlay = true) =>
  message({ type: 'loadSingleItem', item, nextItems, autoPlay });
const run = (...events: ReceiverEvent[]) => events.reduce(receiverReducer, initialReceiverModel);

describe('receiver state', () => {
  it('starts idle with nothing on screen and no timer', () => {
    expect(initialReceiverModel.current).toBeNull();
    expect(initialReceiverModel.playerState).toBe('IDLE');
    expect(advanceDelay(initialReceiverModel)).toBeNull();
  });

  it('shows a loaded picture playing, and advances after its duration', () => {
    const model = run(load(picture(1), [picture(2)]));
    expect(model.current?.fileID).toBe('p1');
    expect(model.playerState).toBe('PLAYING');
    expect(advanceDelay(model)).toBe(5000);
    expect(advanceDelay(run(load(picture(1, 3000))))).toBe(3000);
  });

  it('shows a loaded picture paused without autoplay, with no timer', () => {
    const model = run(load(picture(1), [picture(2)], false));
    expect(model.playerState).toBe('PAUSED');
    expect(advanceDelay(model)).toBeNull();
  });

  it('buffers a loaded video until it plays', () => {
    const model = run(load(video(1)));
    expect(model.playerState).toBe('BUFFERING');
    expect(advanceDelay(model)).toBeNull();
    expect(receiverReducer(model, { type: 'videoPlaying' }).playerState).toBe('PLAYING');
  });

  it('goes back to buffering when a playing video waits for data', () => {
    const model = run(load(video(1)), { type: 'videoPlaying' }, { type: 'videoWaiting' });
    expect(model.playerState).toBe('BUFFERING');
    // A picture never buffers.
    expect(run(load(picture(1)), { type: 'videoWaiting' }).playerState).toBe('PLAYING');
  });

  it('advances to the next queued item and changes step', () => {
    const before = run(load(picture(1), [picture(2), video(3)]));
    const after = receiverReducer(before, { type: 'advance' });
    expect(after.current?.fileID).toBe('p2');
    expect(after.queue.map((i) => i.fileID)).toEqual(['v3']);
    expect(after.step).toBeGreaterThan(before.step);
  });

  it('finishes (IDLE) when the queue runs out, keeping the last item on screen', () => {
    const model = run(load(picture(1)), { type: 'advance' });
    expect(model.current?.fileID).toBe('p1');
    expect(model.playerState).toBe('IDLE');
    expect(advanceDelay(model)).toBeNull();
  });

  it('moves on 1 ms after a video ends when something is queued', () => {
    const ended = run(load(video(1), [picture(2)]), { type: 'videoPlaying' }, { type: 'videoEnded' });
    expect(ended.playerState).toBe('IDLE');
    expect(advanceDelay(ended)).toBe(AFTER_VIDEO_DELAY_MS);
    expect(receiverReducer(ended, { type: 'advance' }).current?.fileID).toBe('p2');
    // Without autoplay, or with nothing queued, it stays.
    expect(advanceDelay(run(load(video(1), [picture(2)], false), { type: 'videoEnded' }))).toBeNull();
    expect(advanceDelay(run(load(video(1)), { type: 'videoEnded' }))).toBeNull();
  });

  it('toggles play and pause', () => {
    const paused = run(load(picture(1), [picture(2)]), message({ type: 'playOrPauseMedia' }));
    expect(paused.playerState).toBe('PAUSED');
    expect(advanceDelay(paused)).toBeNull();
    const playing = receiverReducer(paused, message({ type: 'playOrPauseMedia' }));
    expect(playing.playerState).toBe('PLAYING');
    expect(playing.step).toBeGreaterThan(paused.step);
  });

  it('keeps a paused video paused when it reports playing', () => {
    const model = run(load(video(1)), { type: 'videoPlaying' }, message({ type: 'playOrPauseMedia' }));
    expect(model.playerState).toBe('PAUSED');
    expect(receiverReducer(model, { type: 'videoPlaying' }).playerState).toBe('PAUSED');
  });

  it('plays a finished video again from the start', () => {
    const model = run(load(video(1)), { type: 'videoEnded' }, message({ type: 'playOrPauseMedia' }));
    expect(model.playerState).toBe('BUFFERING');
    expect(model.pendingSeek).toBe(0);
    expect(model.ended).toBe(false);
  });

  it('ignores play or pause with nothing loaded', () => {
    expect(run(message({ type: 'playOrPauseMedia' }))).toEqual(initialReceiverModel);
  });

  it('seeks a video and clears the seek once applied', () => {
    const seeking = run(load(video(1)), message({ type: 'seekVideo', time: 42 }));
    expect(seeking.pendingSeek).toBe(42);
    expect(seeking.currentTime).toBe(42);
    expect(receiverReducer(seeking, { type: 'seekApplied' }).pendingSeek).toBeNull();
    // A picture has no position.
    expect(run(load(picture(1)), message({ type: 'seekVideo', time: 3 })).pendingSeek).toBeNull();
  });

  it('tracks a video position', () => {
    expect(run(load(video(1)), { type: 'videoTime', time: 7.5 }).currentTime).toBe(7.5);
    expect(run(load(picture(1)), { type: 'videoTime', time: 7.5 }).currentTime).toBe(0);
  });

  it('turns autoplay off and on, pausing and resuming a picture slideshow', () => {
    const off = run(load(picture(1), [picture(2)]), message({ type: 'autoPlayChanged', autoPlay: false }));
    expect(off.autoPlay).toBe(false);
    expect(off.playerState).toBe('PAUSED');
    expect(advanceDelay(off)).toBeNull();
    const on = receiverReducer(off, message({ type: 'autoPlayChanged', autoPlay: true }));
    expect(on.playerState).toBe('PLAYING');
    expect(advanceDelay(on)).toBe(5000);
  });

  it('answers getReceiverState without changing anything, with the current item', () => {
    const model: ReceiverModel = run(load(video(1), [picture(2)]), { type: 'videoTime', time: 2 });
    expect(receiverReducer(model, message({ type: 'getReceiverState' }))).toBe(model);
    expect(receiverState(model)).toEqual({
      current: video(1),
      playerState: 'BUFFERING',
      autoPlay: true,
      currentTime: 2,
    });
  });
});
