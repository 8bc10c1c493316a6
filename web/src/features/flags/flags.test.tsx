import { configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { rootReducer } from '../../state/store';
import { DEFAULT_FLAGS, hasActiveTestFlags } from './flag-definitions';
import { flagsLoaded, selectFlags } from './flags.slice';
import {
  applyFlagQueryAtStartup,
  FLAGS_STORAGE_KEY,
  loadFlags,
  parseFlagQuery,
  parseStoredFlags,
} from './flags-storage';
import { QaMarker, qaMarkerState } from './qa-marker.component';
import { TestFlagsPage } from './test-flags-page.component';

const makeStore = () => configureStore({ reducer: rootReducer });

describe('flag defaults', () => {
  it('has new-signup and delete-card off and use-telenor-id-pluss on', () => {
    expect(DEFAULT_FLAGS).toEqual({
      'new-signup': false,
      'delete-card': false,
      'use-telenor-id-pluss': true,
    });
    expect(loadFlags()).toEqual(DEFAULT_FLAGS);
    expect(selectFlags(makeStore().getState())).toEqual(DEFAULT_FLAGS);
  });

  it('counts a flag as active only when it differs from its default', () => {
    expect(hasActiveTestFlags(DEFAULT_FLAGS)).toBe(false);
    expect(hasActiveTestFlags({ ...DEFAULT_FLAGS, 'use-telenor-id-pluss': false })).toBe(true);
  });

  it('ignores unknown names, non-boolean values and broken JSON in storage', () => {
    expect(parseStoredFlags('{"new-signup":true,"bogus":true,"delete-card":"yes"}')).toEqual({
      ...DEFAULT_FLAGS,
      'new-signup': true,
    });
    expect(parseStoredFlags('{not json')).toEqual(DEFAULT_FLAGS);
  });
});

describe('flag query override', () => {
  it('reads 1 and 0, and removes only the flag parameters', () => {
    expect(parseFlagQuery('?new-signup=1&tab=x&use-telenor-id-pluss=0')).toEqual({
      overrides: { 'new-signup': true, 'use-telenor-id-pluss': false },
      remainingSearch: '?tab=x',
    });
  });

  it('applies the query at startup, persists it and strips it from the URL', () => {
    const replaceState = vi.fn();
    const flags = applyFlagQueryAtStartup(
      { pathname: '/photos', search: '?new-signup=1', hash: '#top' },
      { replaceState, state: null },
      localStorage,
    );
    expect(flags['new-signup']).toBe(true);
    expect(JSON.parse(localStorage.getItem(FLAGS_STORAGE_KEY)!)['new-signup']).toBe(true);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/photos#top');
  });

  it('turns a stored flag back off with =0 and leaves the URL alone without flag params', () => {
    localStorage.setItem(FLAGS_STORAGE_KEY, '{"new-signup":true}');
    const replaceState = vi.fn();
    const off = applyFlagQueryAtStartup(
      { pathname: '/', search: '?new-signup=0', hash: '' },
      { replaceState, state: null },
    );
    expect(off['new-signup']).toBe(false);
    const untouched = vi.fn();
    applyFlagQueryAtStartup(
      { pathname: '/', search: '?id=3', hash: '' },
      { replaceState: untouched, state: null },
    );
    expect(untouched).not.toHaveBeenCalled();
  });
});

describe('QA marker', () => {
  it.each([
    [false, false, 'hidden'],
    [true, false, 'flags'],
    [false, true, 'staging'],
    [true, true, 'both'],
  ] as const)('flags active %s, staging %s -> %s', (flags, staging, state) => {
    expect(qaMarkerState(flags, staging)).toBe(state);
  });

  it('renders nothing on production with default flags', () => {
    render(
      <Provider store={makeStore()}>
        <QaMarker onStagingHost={false} />
      </Provider>,
    );
    expect(screen.queryByTestId('qa-marker')).toBeNull();
  });

  it('shows red for active flags, gold on staging, both when both apply', () => {
    const store = makeStore();
    store.dispatch(flagsLoaded({ ...DEFAULT_FLAGS, 'delete-card': true }));
    const { rerender } = render(
      <Provider store={store}>
        <QaMarker onStagingHost={false} />
      </Provider>,
    );
    const marker = screen.getByTestId('qa-marker');
    expect(marker.className).toContain('qa-marker--flags');
    expect(marker.getAttribute('aria-hidden')).toBe('true');
    expect(marker.title).toMatch(/flag/i);
    rerender(
      <Provider store={store}>
        <QaMarker onStagingHost />
      </Provider>,
    );
    expect(screen.getByTestId('qa-marker').className).toContain('qa-marker--both');
    store.dispatch(flagsLoaded(DEFAULT_FLAGS));
    rerender(
      <Provider store={store}>
        <QaMarker onStagingHost />
      </Provider>,
    );
    expect(screen.getByTestId('qa-marker').className).toContain('qa-marker--staging');
  });
});

describe('test flags page', () => {
  it('lists every flag as a labelled checkbox and persists a toggle', async () => {
    const store = makeStore();
    render(
      <Provider store={store}>
        <MemoryRouter>
          <TestFlagsPage />
        </MemoryRouter>
        <QaMarker onStagingHost={false} />
      </Provider>,
    );
    // The debug page is reached from here.
    expect(screen.getByRole('link', { name: /^Debug tools/ }).getAttribute('href')).toBe('/settings/debug');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    const telenor = screen.getByRole('checkbox', { name: /telenor/i });
    expect((telenor as HTMLInputElement).checked).toBe(true);
    const signup = screen.getByRole('checkbox', { name: /sign-?up/i });
    await userEvent.click(signup);
    expect(selectFlags(store.getState())['new-signup']).toBe(true);
    expect(loadFlags()['new-signup']).toBe(true);
    expect(screen.getByTestId('qa-marker').dataset.state).toBe('flags');
  });
});
