import { PUBLIC_JOB_AUTH_FAILED } from '@nordlys/contract/album';
import { describe, expect, it } from 'vitest';
import {
  gridIsCentred,
  headerKey,
  shareStatusForFailure,
  showAddToTimeline,
  thumbFor,
  wantsSmallThumbs,
} from './share-receiver.rules';

describe('share receiver rules', () => {
  it('maps fetch failures as core.md §4 says', () => {
    expect(shareStatusForFailure({ status: 403, reason: PUBLIC_JOB_AUTH_FAILED }, false)).toBe(
      'PASSWORD_REQUIRED',
    );
    expect(shareStatusForFailure({ status: 401, reason: PUBLIC_JOB_AUTH_FAILED }, true)).toBe(
      'PASSWORD_REQUIRED',
    );
    const secured = { status: 403, reason: 'User does not have access to secured job' };
    expect(shareStatusForFailure(secured, true)).toBe('NOT_FOUND');
    expect(shareStatusForFailure(secured, false)).toBe('LOGIN_REQUIRED');
    expect(shareStatusForFailure({ status: 404 }, false)).toBe('NOT_FOUND');
    expect(shareStatusForFailure({ status: 400, reason: 'x' }, false)).toBe('NOT_FOUND');
    expect(shareStatusForFailure({ status: 500 }, false)).toBe('FETCH_FAILED');
    expect(shareStatusForFailure({ status: null }, false)).toBe('FETCH_FAILED');
  });

  it('words the header for one or many files and for the owner', () => {
    expect(headerKey(1, false)).toBe('header.other_one');
    expect(headerKey(3, false)).toBe('header.other_many');
    expect(headerKey(1, true)).toBe('header.own_one');
    expect(headerKey(2, true)).toBe('header.own_many');
  });

  it('lays out the grid and offers add to timeline', () => {
    expect(gridIsCentred(4)).toBe(true);
    expect(gridIsCentred(5)).toBe(false);
    expect(wantsSmallThumbs(199)).toBe(true);
    expect(wantsSmallThumbs(200)).toBe(false);
    expect(showAddToTimeline(null)).toBe(true);
    expect(showAddToTimeline({ isReadOnly: false })).toBe(true);
    expect(showAddToTimeline({ isReadOnly: true })).toBe(false);
  });

  it('shows small thumbnails in cells narrower than 200 px, large ones from 200 px', () => {
    const file = { thumbURLSmall: '/small', thumbURLLarge: '/large' };
    expect(thumbFor(file, 199.5)).toBe('/small');
    expect(thumbFor(file, 200)).toBe('/large');
    expect(thumbFor({ thumbURLSmall: null, thumbURLLarge: '/large' }, 120)).toBe('/large');
    expect(thumbFor({ thumbURLSmall: '/small', thumbURLLarge: null }, 320)).toBe('/small');
  });
});
