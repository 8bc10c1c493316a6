import { transformAlbumPassword } from '@nordlys/contract/album-password';
import { configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rootReducer } from '../../state/store';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { stubResizeObserver } from '../../test/resize-observer';
import { sampleAlbum } from './album.test-data';
import { toAlbumView } from './album-model';
import { AlbumSettingsOverlay } from './album-settings-overlay.component';
import { type AlbumToast, setAlbumsPorts } from './albums.ports';

let toasts: AlbumToast[];
beforeEach(() => {
  stubResizeObserver();
  toasts = [];
  setAlbumsPorts({
    confirm: async () => true,
    showToast: (_dispatch, toast) => void toasts.push(toast),
    refreshStorage: () => {},
  });
});
afterEach(() => {
  setAlbumsPorts(null);
  vi.unstubAllGlobals();
});

const shared = sampleAlbum({ id: 'a1', name: 'Summer', isShared: true, privacy_mode: 'shared' });

function renderOverlay(onSaved = vi.fn(), onClose = vi.fn()) {
  render(
    <Provider store={configureStore({ reducer: rootReducer })}>
      <AlbumSettingsOverlay open onClose={onClose} album={toAlbumView(shared)} onSaved={onSaved} />
    </Provider>,
  );
  return { onSaved, onClose };
}

describe('album settings overlay', () => {
  it('sends only the changes, and confirms the change to private with its toast', async () => {
    const calls = fakeApi({
      'POST /jobs/a1/privacy_mode': jsonResponse({ ...shared, isShared: false, privacy_mode: 'private' }),
      'POST /jobs/a1/permissions': jsonResponse({ ...shared, isShared: false, allow_uploads: false }),
    });
    const user = userEvent.setup();
    const { onSaved, onClose } = renderOverlay();
    await user.click(screen.getByLabelText('Private'));
    await user.click(screen.getByRole('switch', { name: 'Allow others to add photos' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/jobs/a1/privacy_mode', { mode: 'private' }],
      ['/jobs/a1/permissions', { allow_uploads: 0 }],
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ allow_uploads: false }));
    expect(toasts).toEqual([{ type: 'albumChangedToPrivate', jobId: 'a1' }]);
  });

  it('protects the album with the transformed password, never the typed one', async () => {
    const calls = fakeApi({
      'POST /jobs/a1/password': jsonResponse({
        ...shared,
        privacy_mode: 'protected',
        password_protected: true,
      }),
    });
    const user = userEvent.setup();
    const { onSaved } = renderOverlay();
    await user.click(screen.getByLabelText('Protected'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Choose a password for a protected album.')).toBeTruthy();
    expect(calls).toEqual([]);
    await user.type(screen.getByLabelText(/^Password/), 'fjord');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.map((call) => call.path)).toEqual(['/jobs/a1/password']);
    expect(calls[0]?.body).toEqual({ password: await transformAlbumPassword('fjord') });
  });

  it('keeps a shared album from losing its name', async () => {
    const calls = fakeApi({});
    const user = userEvent.setup();
    const { onClose } = renderOverlay();
    await user.clear(screen.getByLabelText(/Album name/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('A shared album needs a name.')).toBeTruthy();
    expect(calls).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a refused change says so and leaves the dialog open', async () => {
    fakeApi({ 'POST /jobs/a1/name': jsonResponse({ error: 'boom' }, 500) });
    const user = userEvent.setup();
    const { onClose } = renderOverlay();
    await user.type(screen.getByLabelText(/Album name/), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(toasts).toEqual([{ type: 'genericError', jobId: 'a1' }]));
    expect(onClose).not.toHaveBeenCalled();
  });
});
