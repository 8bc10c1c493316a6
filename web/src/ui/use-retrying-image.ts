import { useCallback, useEffect, useRef, useState } from 'react';
import { probeImage } from './image-probe';
import { IMAGE_ATTEMPTS, nextImageTry } from './image-retry';

export type ImageStatus = 'loading' | 'loaded' | 'failed';

export interface RetryingImage {
  /** Changes with every try: used as the <img> key, a new element makes the browser ask again. */
  attempt: number;
  /** 'loading' covers the waits between tries: show the placeholder, never the failed <img>. */
  status: ImageStatus;
  onLoad: () => void;
  onError: () => void;
}

/**
 * Loads `src` into an <img>; a failed load is probed for the server's answer and tried again after
 * its Retry-After (see image-retry), until the server says the picture will not come.
 */
export function useRetryingImage(src: string | null, attempts = IMAGE_ATTEMPTS): RetryingImage {
  const [state, setState] = useState({ src, attempt: 0, status: 'loading' as ImageStatus });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const probing = useRef<AbortController | null>(null);
  // A new address (another size, another file) starts over.
  const current = state.src === src ? state : { src, attempt: 0, status: 'loading' as ImageStatus };
  if (current !== state) setState(current);
  const stop = useCallback(() => {
    clearTimeout(timer.current);
    probing.current?.abort();
    probing.current = null;
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address cancels the old one's wait
  useEffect(() => stop, [src, stop]);
  const onLoad = useCallback(() => setState((s) => ({ ...s, status: 'loaded' })), []);
  const { attempt } = current;
  const onError = useCallback(() => {
    if (!src) return;
    stop();
    const controller = new AbortController();
    probing.current = controller;
    void probeImage(src, controller.signal).then((probe) => {
      if (controller.signal.aborted) return;
      const step = nextImageTry(attempt, probe, Date.now(), attempts);
      if (step.kind === 'give-up') {
        setState((s) => (s.src === src ? { ...s, status: 'failed' } : s));
        return;
      }
      timer.current = setTimeout(
        () => setState((s) => (s.src === src ? { ...s, attempt: attempt + 1 } : s)),
        step.ms,
      );
    });
  }, [attempt, attempts, src, stop]);
  return { attempt, status: current.status, onLoad, onError };
}
