import { describe, expect, it } from 'vitest';
import { carouselActions } from './carousel.slice';
import { keyCommand, swipeDirection } from './carousel-input';

const key = (k: string, mods: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey', boolean>> = {}) =>
  keyCommand({ key: k, altKey: false, ctrlKey: false, metaKey: false, ...mods });

describe('viewer input', () => {
  it('keys: arrows move, Escape closes, Space plays, F is full screen', () => {
    expect(key('ArrowRight')).toEqual({ kind: 'dispatch', action: carouselActions.navigated('next') });
    expect(key('ArrowLeft')).toEqual({ kind: 'dispatch', action: carouselActions.navigated('previous') });
    expect(key('Escape')).toEqual({ kind: 'close' });
    expect(key(' ')).toEqual({ kind: 'togglePlayback' });
    expect(key('f')).toEqual({ kind: 'toggleFullscreen' });
    expect(key('F')).toEqual({ kind: 'toggleFullscreen' });
    expect(key('x')).toBeNull();
    expect(key('ArrowRight', { altKey: true })).toBeNull();
    expect(key('f', { metaKey: true })).toBeNull();
  });

  it('swipes: left is next, right is previous; short or vertical moves are not swipes', () => {
    expect(swipeDirection(-80, 10)).toBe('next');
    expect(swipeDirection(80, -10)).toBe('previous');
    expect(swipeDirection(-30, 0)).toBeNull();
    expect(swipeDirection(-80, 120)).toBeNull();
  });
});
