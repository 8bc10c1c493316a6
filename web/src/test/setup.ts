import { LOCALES } from '@nordlys/contract/constants';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadEveryNamespace } from '../i18n/i18n';

// The app fetches one language at start-up; tests switch between all of them.
await Promise.all(LOCALES.map(loadEveryNamespace));

afterEach(() => {
  cleanup();
  localStorage.clear();
});
