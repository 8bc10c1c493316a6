import { describe, expect, it } from 'vitest';
import {
  videoEncodingActions as a,
  initialVideoEncodingState,
  videoEncodingReducer as reduce,
} from './video-encoding.slice';

describe('video encoding (core.md §4: FETCHING, PROCESSING, ENCODED, ERROR)', () => {
  it('starts ENCODED only when the record already has the video URL', () => {
    expect(initialVideoEncodingState('ENCODED', '/v.mp4')).toEqual({
      status: 'ENCODED',
      badgeVisible: false,
      videoURL: '/v.mp4',
    });
    expect(initialVideoEncodingState('ENCODED', null).status).toBe('FETCHING');
    expect(initialVideoEncodingState(undefined, null).status).toBe('FETCHING');
    expect(initialVideoEncodingState('PROCESSING', '/v.mp4')).toMatchObject({
      status: 'PROCESSING',
      videoURL: null,
    });
  });

  it('FETCHING -> PROCESSING on a queued answer, without the badge yet', () => {
    const state = reduce(initialVideoEncodingState(undefined, null), a.checked('PROCESSING'));
    expect(state).toMatchObject({ status: 'PROCESSING', badgeVisible: false });
  });

  it('PROCESSING -> badge after the delay; badgeDue does nothing in other states', () => {
    const queued = reduce(initialVideoEncodingState('PROCESSING', null), a.badgeDue());
    expect(queued.badgeVisible).toBe(true);
    expect(reduce(initialVideoEncodingState(undefined, null), a.badgeDue()).badgeVisible).toBe(false);
  });

  it('ENCODED answer without a URL waits for the record (FETCHING), which makes it ENCODED', () => {
    const checked = reduce(
      reduce(initialVideoEncodingState('PROCESSING', null), a.badgeDue()),
      a.checked('ENCODED'),
    );
    expect(checked).toMatchObject({ status: 'FETCHING', badgeVisible: false });
    const loaded = reduce(checked, a.recordLoaded({ status: 'ENCODED', videoURL: '/v.mp4' }));
    expect(loaded).toEqual({ status: 'ENCODED', badgeVisible: false, videoURL: '/v.mp4' });
  });

  it('recordLoaded with ERROR or PROCESSING', () => {
    const start = initialVideoEncodingState(undefined, null);
    expect(reduce(start, a.recordLoaded({ status: 'ERROR' })).status).toBe('ERROR');
    expect(reduce(start, a.recordLoaded({ status: 'PROCESSING' })).status).toBe('PROCESSING');
  });

  it('ERROR answer or a failed check -> ERROR, which is final', () => {
    const failed = reduce(initialVideoEncodingState('PROCESSING', null), a.checked('ERROR'));
    expect(failed.status).toBe('ERROR');
    expect(reduce(failed, a.checked('PROCESSING')).status).toBe('ERROR');
    expect(reduce(initialVideoEncodingState(undefined, null), a.checkFailed()).status).toBe('ERROR');
  });

  it('ENCODED is final', () => {
    const encoded = initialVideoEncodingState('ENCODED', '/v.mp4');
    expect(reduce(encoded, a.checked('PROCESSING')).status).toBe('ENCODED');
  });
});
