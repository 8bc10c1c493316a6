import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../api/client';
import { clearServiceDict, getAuthToken, getServiceDict, setAuthToken, setServiceDict } from '../api/session';
import { ReadOnlyGate } from '../features/account/read-only-gate.component';
import { setAuthPorts } from '../features/auth/auth.ports';
import { selectLoginStatus } from '../features/auth/login-status.slice';
import { sampleAccount } from '../test/account.test-data';
import { type FakeRoute, fakeApi, jsonResponse } from '../test/fake-api';
import { LOGIN_CONFIG } from '../test/login-config.test-data';
import { stubResizeObserver } from '../test/resize-observer';
import { wireAccount } from './account-wiring';
import { renderAppAt } from './test-utils';

let unwire: (() => void) | null = null;

function start(path: string, routes: Record<string, FakeRoute | Response>) {
  setAuthToken('tok-a');
  const calls = fakeApi({ 'GET /account_info': jsonResponse(sampleAccount()), ...routes });
  const view = renderAppAt(path);
  unwire = wireAccount(view.store.dispatch);
  return { ...view, calls };
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  unwire?.();
  unwire = null;
  vi.unstubAllGlobals();
});

describe('login wall', () => {
  it('stands in for a protected page without a session, with both buttons', async () => {
    renderAppAt('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByText('This page is only accessible to logged in users.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
  });

  it('asks to log in again for security inside the app', async () => {
    renderAppAt('/_from_inside_app/settings/privacy');
    expect(await screen.findByText('Please log in again for security.')).toBeTruthy();
  });

  it('leaves public pages open', async () => {
    renderAppAt('/help');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('This page is only accessible to logged in users.')).toBeNull();
  });
});

describe('signed in', () => {
  it('restores the session, shows the settings hub and the name in the user menu', async () => {
    start('/settings', {});
    expect(await screen.findByText('Signed in as ada@example.com')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Name/ }) as HTMLInputElement).value).toBe('Ada Lovelace');
    const sections = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/settings/storage',
      '/settings/devices',
      '/settings/privacy',
      '/settings/privacy#consents',
      '/settings/privacy#legacy',
      '/settings/privacy#dataAccess',
      '/settings/privacy#deleteAccount',
      '/settings/takeout',
      '/documents',
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Signed in as Ada Lovelace' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Ada Lovelace' })).toBeTruthy();
  });

  it('polls the account and its attributes (GET /account_attribute) every 30 s while signed in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = start('/settings', {
        'GET /account_attribute': (call) =>
          jsonResponse({ key: call.url.searchParams.get('key'), value: '1764360000000' }),
      });
      expect(await screen.findByText('Signed in as ada@example.com')).toBeTruthy();
      const attributeCalls = () => calls.filter((call) => call.path === '/account_attribute');
      expect(attributeCalls()).toHaveLength(0);
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(attributeCalls().map((call) => call.url.searchParams.get('key'))).toEqual([
        'engaged_events_sent_at',
      ]);
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(attributeCalls()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the service host directory once signed in and uses it', async () => {
    clearServiceDict();
    const hosts = {
      appHost: 'http://localhost:3000',
      thumbHost: 'http://localhost:3000',
      videoHost: 'http://localhost:3000',
      pollHost: 'http://localhost:3000',
      downloadHost: 'http://localhost:3000',
    };
    const { calls } = start('/settings', { 'GET /jobs/default/service': jsonResponse(hosts) });
    await waitFor(() => expect(getServiceDict()).toEqual(hosts));
    expect(calls.filter((call) => call.path === '/jobs/default/service')).toHaveLength(1);
    expect(screen.queryByText(/Invalid service dict/)).toBeNull();
  });

  it('treats a directory without all five hosts as invalid, visibly, and keeps none', async () => {
    setServiceDict({
      appHost: 'http://old.example',
      thumbHost: 'http://old.example',
      videoHost: 'http://old.example',
      pollHost: 'http://old.example',
      downloadHost: 'http://old.example',
    });
    start('/settings', {
      'GET /jobs/default/service': jsonResponse({
        appHost: 'http://localhost:3000',
        thumbHost: 'http://localhost:3000',
        videoHost: 'http://localhost:3000',
        downloadHost: 'http://localhost:3000',
      }),
    });
    expect(await screen.findByText(/^Invalid service dict: /)).toBeTruthy();
    expect(getServiceDict()).toBeNull();
  });

  it('changes the name and the menu follows', async () => {
    const { calls } = start('/settings', {
      'POST /name': (call) => jsonResponse(sampleAccount({ name: (call.body as { name: string }).name })),
    });
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: /Name/ });
    await user.clear(input);
    await user.type(input, 'Grace Hopper');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Signed in as Grace Hopper' })).toBeTruthy();
    expect(calls.find((call) => call.path === '/name')?.body).toEqual({ name: 'Grace Hopper' });
  });

  it('refuses an empty name in place, without a call', async () => {
    const { calls } = start('/settings', {});
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: /Name/ });
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Field is required')).toBeTruthy();
    expect(calls.some((call) => call.path === '/name')).toBe(false);
  });

  it('logs out from the user menu: server told, session forgotten, start page, wall on protected pages', async () => {
    const { calls, router, store } = start('/settings', {
      'POST /logout': new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Signed in as Ada Lovelace' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(selectLoginStatus(store.getState())).toBe('FAILED'));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/logout')).toBe(true);
    expect(getAuthToken()).toBeNull();
    expect(router.location.pathname).toBe('/');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('session expiry', () => {
  it('any 401 opens the session-expired dialog; Close ends the session and shows the wall', async () => {
    start('/settings', { 'GET /jobs': jsonResponse({ error: 'Unauthorized' }, 401) });
    await screen.findByText('Signed in as ada@example.com');
    await act(async () => {
      await apiRequest('/jobs').catch(() => {});
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Your session has expired' });
    expect(within(dialog).getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(getAuthToken()).toBeNull();
    // Not dismissible by Escape.
    await userEvent.setup().keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findByText('This page is only accessible to logged in users.')).toBeTruthy();
  });

  it('a disabled account goes to the account-terminated page', async () => {
    setAuthToken('tok-a');
    fakeApi({ 'GET /account_info': jsonResponse({ error: 'user_disabled' }, 401) });
    const view = renderAppAt('/settings');
    unwire = wireAccount(view.store.dispatch);
    expect(
      await screen.findByRole('heading', { name: 'The account has been terminated by its user' }),
    ).toBeTruthy();
    expect(getAuthToken()).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('devices page', () => {
  const devices = {
    current: 'dev-a',
    devices: [
      {
        id: 'dev-b',
        name: 'Firefox on Windows',
        created_at: 1_700_000_000_000,
        last_seen_at: 1_700_100_000_000,
      },
      {
        id: 'dev-a',
        name: 'Chrome on Linux',
        created_at: 1_700_000_000_000,
        last_seen_at: 1_700_200_000_000,
      },
    ],
  };

  it('lists devices with this one marked first; removal asks with the confirm label Log out', async () => {
    const { calls } = start('/settings/devices', {
      'GET /devices': jsonResponse(devices),
      'DELETE /devices/dev-b': new Response(null, { status: 204 }),
    });
    const list = (await screen.findByText('Chrome on Linux')).closest('ul')!;
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('Chrome on Linux');
    expect(rows[0]?.textContent).toContain('This device');
    expect(rows[1]?.textContent).not.toContain('This device');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Remove Firefox on Windows, last used / }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/Firefox on Windows will be logged out/)).toBeTruthy();
    // Cancelling removes nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: /^Remove Firefox on Windows, last used / }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/devices/dev-b',
    ]);
    expect(getAuthToken()).toBe('tok-a');
  });

  it('removing this device logs out and lands on the start page', async () => {
    const { router, store } = start('/settings/devices', {
      'GET /devices': jsonResponse(devices),
      'DELETE /devices/dev-a': new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Chrome on Linux, this device' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(getAuthToken()).toBeNull();
    expect(selectLoginStatus(store.getState())).toBe('FAILED');
  });

  it('tells devices of one browser apart by their last use, in the row and its remove button', async () => {
    start('/settings/devices', {
      'GET /devices': jsonResponse({
        current: 'dev-a',
        devices: [
          ...devices.devices,
          {
            id: 'dev-c',
            name: 'Chrome on Linux',
            created_at: 1_700_000_000_000,
            last_seen_at: 1_700_300_000_000,
          },
          {
            id: 'dev-d',
            name: 'Chrome on Linux',
            created_at: 1_700_000_000_000,
            last_seen_at: 1_700_300_030_000,
          },
        ],
      }),
    });
    const list = (await screen.findByText('Firefox on Windows')).closest('ul')!;
    const names = within(list)
      .getAllByRole('listitem')
      .map((row) => row.getAttribute('aria-label'));
    expect(names[0]).toBe('Chrome on Linux, this device');
    expect(new Set(names).size).toBe(4);
    // The two used in the same minute are numbered, on screen as in their names.
    expect(
      names.filter((name) => /^Chrome on Linux \([12]\), last used .*\d:\d\d/.test(name ?? '')),
    ).toHaveLength(2);
    const removes = within(list)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(removes).toEqual(names.map((name) => `Remove ${name}`));
    expect(within(list).getByText('Chrome on Linux (2)')).toBeTruthy();
  });

  it('shows an error with a retry when the list fails to load', async () => {
    start('/settings/devices', { 'GET /devices': jsonResponse({ error: 'boom' }, 500) });
    expect(await screen.findByText("Couldn't load your devices.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('login-gated pages', () => {
  it('explain the action and offer both buttons to a visitor', async () => {
    renderAppAt('/share/s1/copyShare');
    expect(await screen.findByRole('heading', { name: 'Save to your timeline' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('run the action at once for a signed-in user and redirect', async () => {
    const { router } = start('/a/ALBUM1/subscribe', {});
    await waitFor(() => expect(router.location.pathname).toBe('/a/ALBUM1'));
  });
});

describe('ReadOnlyGate', () => {
  it('disables the control with a subscription offer for a read-only user only', async () => {
    const { store } = start('/help', {
      'GET /account_info': jsonResponse(sampleAccount({ is_read_only_user: true })),
    });
    await waitFor(() => expect(selectLoginStatus(store.getState())).toBe('AUTHENTICATED'));
    const { render } = await import('@testing-library/react');
    const { Provider } = await import('react-redux');
    const { MemoryRouter } = await import('react-router');
    const view = render(
      <Provider store={store}>
        <MemoryRouter>
          <ReadOnlyGate action="upload">
            {(disabled) => (
              <button type="button" disabled={disabled}>
                Upload
              </button>
            )}
          </ReadOnlyGate>
        </MemoryRouter>
      </Provider>,
    );
    const button = within(view.container).getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.closest('[data-read-only-action="upload"]')).not.toBeNull();
  });
});

describe('ReadOnlyGate offering a subscription', () => {
  it('asks for the Subscription overlay when the disabled control or the offer is tried', async () => {
    stubResizeObserver();
    const { store } = start('/help', {
      'GET /account_info': jsonResponse(sampleAccount({ is_read_only_user: true })),
    });
    await waitFor(() => expect(selectLoginStatus(store.getState())).toBe('AUTHENTICATED'));
    const { render, fireEvent } = await import('@testing-library/react');
    const { Provider } = await import('react-redux');
    const { MemoryRouter } = await import('react-router');
    const offered = vi.fn();
    const view = render(
      <Provider store={store}>
        <MemoryRouter>
          <ReadOnlyGate action="createAlbum" onSubscribe={offered}>
            {(disabled) => (
              <button type="button" disabled={disabled}>
                New album
              </button>
            )}
          </ReadOnlyGate>
        </MemoryRouter>
      </Provider>,
    );
    // The tooltip layer draws the wrapper anew once it has loaded: find it each time.
    const wrapper = () =>
      view.container.querySelector('[data-read-only-action="createAlbum"]') as HTMLElement;
    act(() => wrapper().focus());
    const offer = await screen.findByRole('button', { name: 'See subscription plans' }, { timeout: 5000 });
    fireEvent.click(offer);
    expect(offered).toHaveBeenCalledTimes(1);
    fireEvent.click(wrapper());
    expect(offered).toHaveBeenCalledTimes(2);
    fireEvent.keyDown(wrapper(), { key: 'Enter' });
    expect(offered).toHaveBeenCalledTimes(3);
  });
});

describe('starting the flow from the app', () => {
  beforeEach(async () => {
    // jsdom's ArrayBuffer differs from the one WebCrypto returns (browsers have one realm), which
    // trips oauth4webapi's instanceof check.
    const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(1));
    vi.stubGlobal('ArrayBuffer', digest.constructor);
  });

  function captureLeave() {
    const left: URL[] = [];
    setAuthPorts({ leavePage: (url) => left.push(new URL(url)) });
    return left;
  }

  it('a gate remembers its action and opens the provider on the create-account form', async () => {
    fakeApi({ 'GET /login/config': jsonResponse(LOGIN_CONFIG) });
    const view = renderAppAt('/a/ALBUM1/A_FILE/copyAlbum');
    unwire = wireAccount(view.store.dispatch);
    const left = captureLeave();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(left).toHaveLength(1));
    expect(left[0]?.searchParams.get('prompt')).toBe('create');
    expect(JSON.parse(sessionStorage.getItem('nordlys:pending-action')!)).toEqual({
      type: 'copyAlbumFile',
      params: { albumIDB64: 'ALBUM1', fileID: 'A_FILE' },
      redirectTo: '/a/ALBUM1',
    });
    expect(JSON.parse(sessionStorage.getItem('nordlys:login-request')!).returnTo).toBe(
      '/a/ALBUM1/A_FILE/copyAlbum',
    );
  });

  it('Sign in on the session-expired dialog returns to the page afterwards', async () => {
    start('/settings/storage', {
      'GET /login/config': jsonResponse(LOGIN_CONFIG),
      'GET /jobs': jsonResponse({ error: 'Unauthorized' }, 401),
    });
    await waitFor(() => expect(getAuthToken()).toBe('tok-a'));
    await act(async () => {
      await apiRequest('/jobs').catch(() => {});
    });
    const left = captureLeave();
    const dialog = await screen.findByRole('alertdialog', { name: 'Your session has expired' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(left).toHaveLength(1));
    expect(left[0]?.searchParams.has('prompt')).toBe(false);
    expect(JSON.parse(sessionStorage.getItem('nordlys:login-request')!).returnTo).toBe('/settings/storage');
  });

  it('/login shows a retry when the sign-in service cannot be reached', async () => {
    fakeApi({ 'GET /login/config': jsonResponse({ error: 'boom' }, 503) });
    renderAppAt('/login');
    expect(await screen.findByRole('heading', { name: "Sign-in couldn't start" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('the callback page finishes the login and replaces itself with the page the user came from', async () => {
    fakeApi({
      'GET /login/config': jsonResponse(LOGIN_CONFIG),
      'POST /login/exchange': jsonResponse({
        auth_token: 'tok-new',
        device_id: 'd',
        account_info: sampleAccount(),
      }),
    });
    const left = captureLeave();
    const { startLogin } = await import('../features/auth/login.thunks');
    await startLogin({ returnTo: '/settings' });
    const state = left[0]?.searchParams.get('state');
    const view = renderAppAt(`/login/callback?code=c1&state=${state}`);
    unwire = wireAccount(view.store.dispatch);
    await waitFor(() => expect(view.router.location.pathname).toBe('/settings'));
    expect(view.router.action).toBe('REPLACE');
    expect(await screen.findByText('Signed in as ada@example.com')).toBeTruthy();
    expect(getAuthToken()).toBe('tok-new');
  });
});

describe('offline at start-up', () => {
  it('keeps the token and offers a retry instead of the wall', async () => {
    setAuthToken('tok-a');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const view = renderAppAt('/settings');
    unwire = wireAccount(view.store.dispatch);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('This page is only accessible to logged in users.')).toBeNull();
    expect(getAuthToken()).toBe('tok-a');
    fakeApi({ 'GET /account_info': jsonResponse(sampleAccount()) });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Signed in as ada@example.com')).toBeTruthy();
  });
});
