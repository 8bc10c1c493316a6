import type { CarouselAction, Direction } from './carousel.slice';
import { carouselActions } from './carousel.slice';

/** A horizontal swipe longer than this (CSS px) changes the file. */
export const SWIPE_MIN_PX = 50;

/** Left swipe shows the next file, right swipe the previous; mostly-vertical moves are not swipes. */
export function swipeDirection(dx: number, dy: number): Direction | null {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? 'next' : 'previous';
}

export type CarouselKeyCommand =
  | { kind: 'dispatch'; action: CarouselAction }
  | { kind: 'close' }
  | { kind: 'toggleFullscreen' }
  | { kind: 'togglePlayback' };

/**
 * The viewer's keys: ←/→ move, Escape closes, Space plays or pauses (the video, else the
 * slideshow), F toggles full screen. Null for any other key or with a modifier held.
 */
export function keyCommand(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>,
): CarouselKeyCommand | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  switch (event.key) {
    case 'ArrowRight':
      return { kind: 'dispatch', action: carouselActions.navigated('next') };
    case 'ArrowLeft':
      return { kind: 'dispatch', action: carouselActions.navigated('previous') };
    case 'Escape':
      return { kind: 'close' };
    case ' ':
      return { kind: 'togglePlayback' };
    case 'f':
    case 'F':
      return { kind: 'toggleFullscreen' };
    default:
      return null;
  }
}
