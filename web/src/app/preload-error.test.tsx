import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from '../routing/lazy-part';
import { PRELOAD_ERROR_EVENT, type PreloadErrorEvent } from '../routing/preload-error.events';
import { sampleAccount } from '../test/account.test-data';
import { ROUTE_TABLE } from './route-table';
import { renderAppAt } from './test-utils';

afterEach(() => vi.restoreAllMocks());

describe('a screen whose code fails to load', () => {
  it('raises preload-error, then shows something went wrong with a reload, keeping the top bar', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // What the browser throws when a deployment has replaced the chunk the page was built with.
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/timeline-page.js');
    const Missing = lazyPart<object>(() => Promise.reject(failure));
    const timeline = ROUTE_TABLE.find((entry) => entry.screen === 'timeline')!;
    const original = timeline.Component;
    timeline.Component = () => <Missing />;
    const raised: unknown[] = [];
    const listener = (event: Event) => raised.push((event as PreloadErrorEvent).detail.error);
    window.addEventListener(PRELOAD_ERROR_EVENT, listener);
    try {
      renderAppAt('/photos', undefined, { account: sampleAccount() });
      expect(await screen.findByRole('heading', { name: /something went wrong/i })).toBeTruthy();
      expect(screen.getByText(i18next.t('pages:boundary.partMissingBody'))).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
      expect(screen.getByRole('banner')).toBeTruthy();
      expect(raised).toEqual([failure]);
      // Reported like any other crash.
      expect(errors.mock.calls.some((call) => call.includes(failure))).toBe(true);
    } finally {
      window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
      timeline.Component = original;
    }
  });
});
