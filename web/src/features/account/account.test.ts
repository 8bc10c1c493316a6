import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../api/session';
import i18n, { loadLocale } from '../../i18n/i18n';
import { rootReducer } from '../../state/store';
import { sampleAccount } from '../../test/account.test-data';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { setAccountPorts } from './account.ports';
import {
  accountCleared,
  accountLoaded,
  accountSlice,
  attributesPollFailed,
  attributesPollStarted,
  attributesPollSucceeded,
  selectAccount,
  selectAttributeStatus,
  selectAttributeValues,
  selectAvatarData,
} from './account.slice';
import { pollAccount, saveProfileName, startAccountPoll, watchAccountAttribute } from './account.thunks';
import { canPerform, READ_ONLY_BLOCKED_ACTIONS } from './can-perform';
import { pinchExceedsThreshold } from './crop-image';
import { validateProfileName } from './profile-name';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const reduce = accountSlice.reducer;
const empty = reduce(undefined, { type: 'init' });

describe('account attribute loading (account.md §4)', () => {
  it('starts EMPTY', () => {
    expect(empty.attributes.status).toBe('EMPTY');
  });
  it('EMPTY → FETCHING', () => {
    expect(reduce(empty, attributesPollStarted()).attributes.status).toBe('FETCHING');
  });
  it('FETCHING → SUCCEEDED with the values', () => {
    const state = reduce(reduce(empty, attributesPollStarted()), attributesPollSucceeded({ a: '1' }));
    expect(state.attributes).toEqual({ status: 'SUCCEEDED', values: { a: '1' } });
  });
  it('FETCHING → FAILED keeps the last values', () => {
    const loaded = reduce(empty, attributesPollSucceeded({ a: '1' }));
    const failed = reduce(reduce(loaded, attributesPollStarted()), attributesPollFailed());
    expect(failed.attributes).toEqual({ status: 'FAILED', values: { a: '1' } });
  });
  it('a session end clears account and attributes', () => {
    const loaded = reduce(reduce(empty, accountLoaded(sampleAccount())), attributesPollSucceeded({ a: '1' }));
    expect(reduce(loaded, accountCleared())).toEqual(empty);
  });
});

describe('canPerform (account.md §6)', () => {
  it.each(READ_ONLY_BLOCKED_ACTIONS)('denies %s to a read-only user and allows it otherwise', (action) => {
    expect(canPerform(action, { is_read_only_user: true })).toBe(false);
    expect(canPerform(action, { is_read_only_user: false })).toBe(true);
  });
  it('denies everything without an account', () => {
    expect(canPerform('upload', null)).toBe(false);
  });
});

describe('profile name rule (account.md §5)', () => {
  it('needs a non-empty name of at most 255 characters', () => {
    expect(validateProfileName('  ')).toBe('required');
    expect(validateProfileName('a'.repeat(255))).toBeNull();
    expect(validateProfileName('a'.repeat(256))).toBe('tooLong');
    // Letters outside the BMP count once each.
    expect(validateProfileName('😀'.repeat(255))).toBeNull();
  });
});

describe('pinch threshold (account.md §5)', () => {
  it('counts a pinch only from 20 px of change', () => {
    expect(pinchExceedsThreshold(100, 119)).toBe(false);
    expect(pinchExceedsThreshold(100, 120)).toBe(true);
    expect(pinchExceedsThreshold(100, 80)).toBe(true);
  });
});

describe('account thunks', () => {
  const makeStore = () => configureStore({ reducer: rootReducer });

  it('saves the trimmed name and takes the answer as the account', async () => {
    setAuthToken('tok');
    const calls = fakeApi({
      'POST /name': (call) => jsonResponse(sampleAccount({ name: (call.body as { name: string }).name })),
    });
    const notices: string[] = [];
    setAccountPorts({ notify: (_dispatch, notice) => notices.push(notice) });
    const store = makeStore();
    expect(await saveProfileName(store.dispatch, '  Grace Hopper ')).toBe(true);
    expect(calls[0]?.body).toEqual({ name: 'Grace Hopper' });
    expect(selectAvatarData(store.getState())?.name).toBe('Grace Hopper');
    expect(notices).toEqual(['changesSaved']);
  });

  it('a failed name change shows userNameChangeFailed and keeps the old name', async () => {
    setAuthToken('tok');
    fakeApi({ 'POST /name': jsonResponse({ error: 'body.name must …' }, 400) });
    const notices: string[] = [];
    setAccountPorts({ notify: (_dispatch, notice) => notices.push(notice) });
    const store = makeStore();
    store.dispatch(accountLoaded(sampleAccount()));
    expect(await saveProfileName(store.dispatch, 'Grace')).toBe(false);
    expect(selectAccount(store.getState())?.name).toBe('Ada Lovelace');
    expect(notices).toEqual(['userNameChangeFailed']);
  });

  it('an invalid name is not sent', async () => {
    const calls = fakeApi({});
    expect(await saveProfileName(makeStore().dispatch, ' ')).toBe(false);
    expect(calls).toEqual([]);
  });

  it('a poll refreshes the account and the watched attributes (404 = no value)', async () => {
    setAuthToken('tok');
    const stopA = watchAccountAttribute('seen_intro');
    const stopB = watchAccountAttribute('missing');
    fakeApi({
      'GET /account_info': jsonResponse(sampleAccount({ is_read_only_user: true })),
      'GET /account_attribute': (call) =>
        call.url.searchParams.get('key') === 'seen_intro'
          ? jsonResponse({ key: 'seen_intro', value: 'yes' })
          : jsonResponse({ error: 'Not Found' }, 404),
    });
    const store = makeStore();
    await pollAccount(store.dispatch);
    stopA();
    stopB();
    expect(selectAttributeStatus(store.getState())).toBe('SUCCEEDED');
    expect(selectAttributeValues(store.getState())).toEqual({ seen_intro: 'yes', missing: null });
    expect(selectAccount(store.getState())?.is_read_only_user).toBe(true);
  });

  it('the account call carries the app language (account.md §7)', async () => {
    setAuthToken('tok');
    const calls = fakeApi({ 'GET /account_info': jsonResponse(sampleAccount()) });
    await pollAccount(makeStore().dispatch);
    await loadLocale('sv_SE');
    await i18n.changeLanguage('sv_SE');
    try {
      await pollAccount(makeStore().dispatch);
    } finally {
      await i18n.changeLanguage('en_US');
    }
    expect(calls.map((call) => call.url.searchParams.get('language'))).toEqual(['en_US', 'sv_SE']);
  });

  it('a failed poll is ignored: no notice, the account stays', async () => {
    setAuthToken('tok');
    fakeApi({ 'GET /account_info': jsonResponse({ error: 'boom' }, 500) });
    const notices: string[] = [];
    setAccountPorts({ notify: (_dispatch, notice) => notices.push(notice) });
    const store = makeStore();
    store.dispatch(accountLoaded(sampleAccount()));
    await pollAccount(store.dispatch);
    expect(selectAttributeStatus(store.getState())).toBe('FAILED');
    expect(selectAccount(store.getState())?.name).toBe('Ada Lovelace');
    expect(notices).toEqual([]);
  });

  it('polls every 30 s until stopped', async () => {
    vi.useFakeTimers();
    setAuthToken('tok');
    const calls = fakeApi({ 'GET /account_info': jsonResponse(sampleAccount()) });
    const stop = startAccountPoll(makeStore().dispatch);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(2);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(2);
  });
});
