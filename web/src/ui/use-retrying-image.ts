import { useCallback, useEffect, useRef, useState } from 'react';
import { IMAGE_ATTEMPTS, imageRetryDelay, retriesLeft } from './image-retry';

export type ImageStatus = 'loading' | 'loaded' | 'failed';

export interface RetryingImage {
  /** Changes with every try: used as the <img> key, a new element makes the browser ask again. */
  attempt: number;
  status: ImageStatus;
  onLoad: () => void;
  onError: () => void;
}

/** Loads `src` into an <img>, trying again with a growing pause while it fails (see image-retry). */
export function useRetryingImage(src: string | null, attempts = IMAGE_ATTEMPTS): RetryingImage {
  const [state, setState] = useState({ src, attempt: 0, status: 'loading' as ImageStatus });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A new address (another size, another file) starts over.
  const current = state.src === src ? state : { src, attempt: 0, status: 'loading' as ImageStatus };
  if (current !== state) setState(current);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onLoad = useCallback(() => setState((s) => ({ ...s, status: 'loaded' })), []);
  const { attempt } = current;
  const onError = useCallback(() => {
    if (!retriesLeft(attempt, attempts)) {
      setState((s) => ({ ...s, status: 'failed' }));
      return;
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => setState((s) => (s.src === src ? { ...s, attempt: attempt + 1 } : s)),
      imageRetryDelay(attempt),
    );
  }, [attempt, attempts, src]);
  return { attempt, status: current.status, onLoad, onError };
}
