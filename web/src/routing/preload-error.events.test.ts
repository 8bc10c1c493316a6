import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isPreloadError,
  listenForPreloadErrors,
  PRELOAD_ERROR_EVENT,
  type PreloadErrorEvent,
  raisePreloadError,
} from './preload-error.events';

const heard = () => {
  const events: PreloadErrorEvent[] = [];
  const listener = (event: Event) => events.push(event as PreloadErrorEvent);
  window.addEventListener(PRELOAD_ERROR_EVENT, listener);
  return { events, stop: () => window.removeEventListener(PRELOAD_ERROR_EVENT, listener) };
};

/** What Vite's preload helper dispatches before it rethrows (unless the event is cancelled). */
function vitePreloadError(payload: unknown): Event {
  const event = new Event('vite:preloadError', { cancelable: true });
  (event as Event & { payload: unknown }).payload = payload;
  return event;
}

afterEach(() => vi.restoreAllMocks());

describe('preload-error event', () => {
  it('is a window CustomEvent named preload-error carrying the error, raised once per error', () => {
    const { events, stop } = heard();
    const error = new TypeError('Failed to fetch dynamically imported module');
    raisePreloadError(error);
    raisePreloadError(error);
    stop();
    expect(events).toHaveLength(1);
    expect(events[0]).toBeInstanceOf(CustomEvent);
    expect(events[0]?.type).toBe('preload-error');
    expect(events[0]?.detail.error).toBe(error);
    expect(isPreloadError(error)).toBe(true);
    expect(isPreloadError(new Error('other'))).toBe(false);
  });

  it("turns Vite's vite:preloadError into preload-error and leaves it uncancelled, so Vite rethrows", () => {
    const { events, stop } = heard();
    const unlisten = listenForPreloadErrors();
    const error = new Error('Unable to preload CSS for /assets/timeline.css');
    const viteEvent = vitePreloadError(error);
    window.dispatchEvent(viteEvent);
    unlisten();
    window.dispatchEvent(vitePreloadError(new Error('after unlisten')));
    stop();
    expect(viteEvent.defaultPrevented).toBe(false);
    expect(events.map((event) => event.detail.error)).toEqual([error]);
  });
});
