import { useReducer, useState } from 'react';

/** A module fetched on first use and kept for the page's lifetime. */
export interface OnDemand<M> {
  /** The module once it is in. */
  readonly module: M | undefined;
  load(): Promise<M>;
}

export function onDemand<M>(importer: () => Promise<M>): OnDemand<M> {
  let pending: Promise<M> | undefined;
  const part: { module: M | undefined; load(): Promise<M> } = {
    module: undefined,
    load: () => {
      pending ??= importer().then((module) => {
        part.module = module;
        return module;
      });
      return pending;
    },
  };
  return part;
}

/**
 * The module if it is in, and a request that fetches it and renders again once it is. A failed
 * fetch is rethrown while rendering, so the nearest error boundary shows it (in a build, Vite's
 * preload error, and with it the app's preload-error event, is raised first).
 */
export function useOnDemand<M>(part: OnDemand<M>): [M | undefined, () => void] {
  const [, rendered] = useReducer((count: number) => count + 1, 0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  if (failure) throw failure.error;
  const request = () => {
    if (part.module) return;
    part.load().then(
      () => rendered(),
      (error: unknown) => setFailure({ error }),
    );
  };
  return [part.module, request];
}
