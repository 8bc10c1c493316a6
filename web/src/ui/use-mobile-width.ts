import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from './breakpoints';

const PHONE_QUERY = `(max-width: ${BREAKPOINTS.mobile - 1}px)`;

const phoneQuery = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_QUERY)
    : null;

function subscribe(onChange: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True below the spec's mobile breakpoint, following the window as it is resized or turned. */
export function useMobileWidth(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => phoneQuery()?.matches ?? false,
    () => false,
  );
}
