import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Back and forward return the page to where it was scrolled; any other navigation starts at the
 * top, or at the element its #fragment names. Screens with a scroller of their own (the timeline)
 * keep their own position.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigation = useNavigationType();
  const positions = useRef(new Map<string, number>());

  useEffect(() => {
    const manual = 'scrollRestoration' in history;
    const before = manual ? history.scrollRestoration : 'auto';
    if (manual) history.scrollRestoration = 'manual';
    return () => {
      if (manual) history.scrollRestoration = before;
    };
  }, []);

  // Recorded as it happens: by the time a navigation commits, the next screen may be shorter.
  useEffect(() => {
    const remember = () => positions.current.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  useLayoutEffect(() => {
    const saved = positions.current.get(key);
    if (navigation === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [key, hash, navigation]);

  return null;
}
