import { albumIdToB64 } from '@nordlys/contract/album-id';
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
import { AlbumShareOverlay } from './album-share-overlay.component';
import { type AlbumToast, setAlbumsPorts } from './albums.ports';

const ID = '0b6d3f1e-2c4a-4e8b-9f1d-3a5c7e9b1d2f';
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

function renderOverlay(album = sampleAlbum({ id: ID, isShared: true, privacy_mode: 'shared' })) {
  const onChanged = vi.fn();
  render(
    <Provider store={configureStore({ reducer: rootReducer })}>
      <AlbumShareOverlay open onClose={vi.fn()} album={toAlbumView(album)} onChanged={onChanged} />
    </Provider>,
  );
  return { onChanged };
}

describe('album share overlay', () => {
  it('copies the visitor link with #sc and reports linkWasCopied', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderOverlay();
    const link = `${window.location.origin}/a/${albumIdToB64(ID)}`;
    expect((screen.getByRole('textbox', { name: 'Share link' }) as HTMLInputElement).value).toBe(link);
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${link}#sc`);
    expect(toasts).toEqual([{ type: 'linkWasCopied' }]);
  });

  it('sends the link by e-mail through publish, recipients comma separated', async () => {
    const calls = fakeApi({ [`POST /jobs/${ID}/publish`]: jsonResponse({}) });
    renderOverlay();
    await userEvent.click(screen.getByRole('button', { name: 'Share by e-mail' }));
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: /^To/ }), 'kari@example.com,per@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Hytta');
    await userEvent.click(send);
    expect(await screen.findByText('The link is on its way to 2 recipients.')).toBeTruthy();
    expect(calls.map((call) => call.body)).toEqual([
      { to_email: 'kari@example.com, per@example.com', subject: 'Hytta' },
    ]);
  });

  it('offers a private album to be shared by link first', async () => {
    const shared = sampleAlbum({ id: ID, isShared: true, privacy_mode: 'shared' });
    const calls = fakeApi({ [`POST /jobs/${ID}/privacy_mode`]: jsonResponse(shared) });
    const { onChanged } = renderOverlay(sampleAlbum({ id: ID }));
    expect(screen.queryByRole('textbox', { name: 'Share link' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Share by link' }));
    expect(calls.map((call) => call.body)).toEqual([{ mode: 'shared' }]);
    expect(onChanged).toHaveBeenCalledWith(shared);
  });
});
