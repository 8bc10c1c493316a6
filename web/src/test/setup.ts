import { LOCALES } from '@nordlys/contract/constants';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterEach } from 'vitest';
import { loadEveryNamespace } from '../i18n/i18n';

// findBy and waitFor keep looking for up to 5 s rather than 1 s: a screen that appears later on a
// busy machine is the same screen, and one that never appears still fails.
configure({ asyncUtilTimeout: 5_000 });

// Preact runs effects after the next frame (requestAnimationFrame, or 35 ms if no frame comes).
// jsdom draws no frames: run them on the next turn instead, before Testing Library's waitFor
// returns (it ends on a zero timeout), as a browser would before the next input.
options.requestAnimationFrame = (flush) => setTimeout(flush);

// The app fetches one language at start-up; tests switch between all of them.
await Promise.all(LOCALES.map(loadEveryNamespace));

afterEach(() => {
  cleanup();
  localStorage.clear();
});
