/**
 * core.md §8: a failed lazy-loaded part raises a preload-error event and the error is rethrown.
 * The event is a window CustomEvent whose detail is the error; error reporting listens for it.
 */
export const PRELOAD_ERROR_EVENT = 'preload-error';

export type PreloadErrorEvent = CustomEvent<{ error: unknown }>;

// Vite's preload helper and our lazy parts both see one failed import; the event is raised once.
const raised = new WeakSet<object>();

const asKey = (error: unknown): object | null =>
  (typeof error === 'object' && error !== null) || typeof error === 'function' ? (error as object) : null;

/** Raises the preload-error event for this error, once; the caller rethrows. */
export function raisePreloadError(error: unknown, target: EventTarget = window): void {
  const key = asKey(error);
  if (key) {
    if (raised.has(key)) return;
    raised.add(key);
  }
  target.dispatchEvent(new CustomEvent(PRELOAD_ERROR_EVENT, { detail: { error } }));
}

/** True for an error a lazy part failed with, so the error view can offer the newest version. */
export function isPreloadError(error: unknown): boolean {
  const key = asKey(error);
  return key !== null && raised.has(key);
}

interface VitePreloadErrorEvent extends Event {
  payload?: unknown;
}

/**
 * Vite's build wraps every dynamic import and announces a failed script or style with
 * `vite:preloadError`, then throws unless the event was cancelled. It is left uncancelled, so the
 * error still reaches the lazy part and the error boundary. Returns a function that stops listening.
 */
export function listenForPreloadErrors(target: EventTarget = window): () => void {
  const onVitePreloadError = (event: Event) =>
    raisePreloadError((event as VitePreloadErrorEvent).payload, target);
  target.addEventListener('vite:preloadError', onVitePreloadError);
  return () => target.removeEventListener('vite:preloadError', onVitePreloadError);
}
