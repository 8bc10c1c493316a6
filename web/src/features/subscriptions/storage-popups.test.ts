import { GIB } from '@nordlys/contract/constants';
import { describe, expect, it } from 'vitest';
import { parseSilences, STORAGE_POPUP_SILENCE_MS, silenced, storagePopupToShow } from './storage-popups';

const MAX = 100 * GIB;

describe('storage popups', () => {
  it('shows over 80 % and over 95 %, nothing below', () => {
    expect(storagePopupToShow(80 * GIB, MAX, {}, 0)).toBeNull();
    expect(storagePopupToShow(85 * GIB, MAX, {}, 0)).toBe('over80');
    expect(storagePopupToShow(99 * GIB, MAX, {}, 0)).toBe('over95');
  });

  it('keeps a closed type silent until its time, over 95 % covering over 80 %', () => {
    const after80 = silenced({}, 'over80', 1000);
    expect(storagePopupToShow(85 * GIB, MAX, after80, 1000 + STORAGE_POPUP_SILENCE_MS - 1)).toBeNull();
    expect(storagePopupToShow(85 * GIB, MAX, after80, 1000 + STORAGE_POPUP_SILENCE_MS)).toBe('over80');
    expect(storagePopupToShow(99 * GIB, MAX, after80, 2000)).toBe('over95');
    expect(storagePopupToShow(85 * GIB, MAX, silenced({}, 'over95', 0), 10)).toBeNull();
  });

  it('reads silences back, ignoring what is malformed', () => {
    expect(parseSilences('{"over80":5,"over95":"x","other":1}')).toEqual({ over80: 5 });
    expect(parseSilences('not json')).toEqual({});
    expect(parseSilences(null)).toEqual({});
  });
});
