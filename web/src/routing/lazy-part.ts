import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { raisePreloadError } from './preload-error.events';

/** A component whose code is fetched on first render, or earlier with preload(). */
export type LazyPart<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts the download; never rejects (a failure surfaces when the part renders). */
  preload(): Promise<void>;
};

/**
 * Wraps a dynamic import as a component. A failed import raises the preload-error event and is
 * rethrown, so the nearest error boundary shows it; render it inside a Suspense boundary whose
 * fallback is a skeleton or nothing.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        raisePreloadError(error);
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(start), {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}
