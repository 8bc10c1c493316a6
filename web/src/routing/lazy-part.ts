import { type ComponentType, createElement, lazy, useEffect, useState } from 'react';
import { raisePreloadError } from './preload-error.events';

/** A component whose code is fetched on first render, or earlier with preload(). */
export type LazyPart<P extends object> = ComponentType<P> & {
  /** Starts the download; never rejects (a failure surfaces when the part renders). */
  preload(): Promise<void>;
  /** Whether its code is in (a failed download counts: rendering it shows the failure). */
  isLoaded(): boolean;
};

/**
 * Wraps a dynamic import as a component. A failed import raises the preload-error event and is
 * rethrown, so the nearest error boundary shows it; render it inside a Suspense boundary whose
 * fallback is a skeleton or nothing.
 *
 * A part whose code is already in (preloaded with its route) renders at once: a lazy component
 * suspends on its first render even then, a render and a retry for nothing (React also held back
 * what a boundary reveals until 300 ms after it last showed a fallback).
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  let loaded: ComponentType<P> | null = null;
  let settled = false;
  const start = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        settled = true;
        return { default: component };
      },
      (error: unknown) => {
        settled = true;
        raisePreloadError(error);
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(start);
  const Part = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Part, {
    isLoaded: () => settled,
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}

/**
 * Whether a part's code is in, starting its download and re-rendering once it is. A screen that
 * draws nothing until then instead of suspending is shown the moment its code arrives, never held
 * back as a suspended boundary's reveal may be (React held one 300 ms after a fallback showed).
 */
export function usePartReady(part: Pick<LazyPart<object>, 'preload' | 'isLoaded'>): boolean {
  const [ready, setReady] = useState(part.isLoaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void part.preload().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [part, ready]);
  return ready;
}
