import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthPorts } from '../features/auth/auth.ports';
import { fakeApi, jsonResponse } from '../test/fake-api';
import { LOGIN_CONFIG } from '../test/login-config.test-data';
import { stubResizeObserver } from '../test/resize-observer';
import { renderAppAt } from './test-utils';

let left: URL[] = [];

beforeEach(async () => {
  sessionStorage.clear();
  stubResizeObserver();
  // jsdom's ArrayBuffer differs from the one WebCrypto returns, which trips oauth4webapi's check.
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(1));
  vi.stubGlobal('ArrayBuffer', digest.constructor);
  left = [];
  setAuthPorts({ leavePage: (url) => left.push(new URL(url)) });
  fakeApi({ 'GET /login/config': jsonResponse(LOGIN_CONFIG) });
});
afterEach(() => vi.unstubAllGlobals());

const remembered = (key: string) => JSON.parse(sessionStorage.getItem(`nordlys:${key}`) ?? 'null');

async function namePrompt() {
  const dialog = await screen.findByRole('dialog', { name: "What's your name?" });
  expect(dialog.textContent).toContain('Give a name to show to the people you share this album with.');
  return dialog;
}

describe('a signed-out guest starting an album is asked their name first (albumCreation)', () => {
  it('on /a/{id}/createNew: registering carries the name to the sign-up form and holds the creation', async () => {
    renderAppAt('/a/ALBUM1/createNew');
    const dialog = await namePrompt();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/Your name/), ' Gunnar ');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(left).toHaveLength(1));
    expect(left[0]?.searchParams.get('prompt')).toBe('create');
    expect(left[0]?.searchParams.get('name_hint')).toBe('Gunnar');
    expect(remembered('pending-action')).toEqual({
      type: 'createAlbumFrom',
      params: { albumIDB64: 'ALBUM1' },
      redirectTo: '/a/ALBUM1',
    });
    expect(remembered('login-request').returnTo).toBe('/a/ALBUM1/createNew');
  });

  it('on /a/{id}/createNew: signing in holds the creation too, without a name', async () => {
    renderAppAt('/a/ALBUM1/createNew');
    const dialog = await namePrompt();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(left).toHaveLength(1));
    expect(left[0]?.searchParams.has('prompt')).toBe(false);
    expect(left[0]?.searchParams.has('name_hint')).toBe(false);
    expect(remembered('pending-action')?.type).toBe('createAlbumFrom');
  });

  it('on /a/{id}/createNew opened directly: cancel lands on the album and holds nothing', async () => {
    const { router } = renderAppAt('/a/ALBUM1/createNew');
    const dialog = await namePrompt();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.location.pathname).toBe('/a/ALBUM1'));
    expect(left).toEqual([]);
    expect(remembered('pending-action')).toBeNull();
  });

  it('?overlay=create_album: the prompt stands in for the create form; registering comes back to it', async () => {
    renderAppAt('/a/ALBUM1?overlay=create_album');
    const dialog = await namePrompt();
    expect(screen.queryByRole('dialog', { name: 'New album' })).toBeNull();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/Your name/), 'Gunnar');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(left).toHaveLength(1));
    expect(left[0]?.searchParams.get('name_hint')).toBe('Gunnar');
    expect(remembered('pending-action')).toEqual({
      type: 'createAlbumFrom',
      params: {},
      redirectTo: '/a/ALBUM1',
    });
  });

  it('?overlay=create_album: cancel closes it and stays on the page', async () => {
    const { router } = renderAppAt('/a/ALBUM1?overlay=create_album');
    const dialog = await namePrompt();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.location.search).toBe(''));
    expect(router.location.pathname).toBe('/a/ALBUM1');
    expect(screen.queryByRole('dialog', { name: "What's your name?" })).toBeNull();
  });
});
