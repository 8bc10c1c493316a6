import type { Share, ShareFile } from '@nordlys/contract/share';
import { configureStore } from '@reduxjs/toolkit';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rootReducer } from '../../state/store';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { heldShareCopy } from './share-copy-hold.store';
import { ShareReceiverPage } from './share-receiver-page.component';

const picture = (n: number): ShareFile => ({
  fileID: `f${n}`,
  path: `/Photos/IMG_${n}.jpg`,
  mime: 'image/jpeg',
  size: 1000,
  duration: null,
  width: 4000,
  height: 3000,
  thumbURLSmall: `/media/f${n}/small`,
  thumbURLLarge: `/media/f${n}/large`,
  downloadURL: `/media/f${n}/download`,
});

const share: Share = {
  id: 's1',
  link: 'https://photos.example/share/s1',
  isAlbum: false,
  owner: { userID: 'owner', name: 'Kari', email: 'kari@example.com' },
  expires: Date.UTC(2030, 0, 1),
  hasPassword: false,
  thumbFiles: [picture(1), picture(2)],
  docFiles: [],
};

/** The page within the app's store and a router, as the app shows it. */
const inApp = (page: ReactNode) => (
  <Provider store={configureStore({ reducer: rootReducer })}>
    <MemoryRouter>{page}</MemoryRouter>
  </Provider>
);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function visit(storageGib = 15) {
  fakeApi({ 'GET /shares/s1': jsonResponse(share) });
  render(inApp(<ShareReceiverPage shareId="s1" account={null} notify={vi.fn()} storageGib={storageGib} />));
}

describe('share receiver', () => {
  it('gives cells narrower than 200 px the small thumbnails', async () => {
    // jsdom lays nothing out: every cell measures 0 px wide.
    visit();
    const image = await screen.findByRole('img', { name: 'IMG_1.jpg' });
    expect(image.getAttribute('src')).toBe('/media/f1/small');
  });

  it('gives cells of 200 px or more the large thumbnails', async () => {
    // Stands in for the layout jsdom lacks: every element is 240 px wide.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 240, 240));
    visit();
    const image = await screen.findByRole('img', { name: 'IMG_2.jpg' });
    expect(image.getAttribute('src')).toBe('/media/f2/large');
  });

  it("invites a signed-out visitor with the storage the server's configuration gives", async () => {
    visit(50);
    expect(await screen.findByText(/50 GB/)).toBeTruthy();
  });

  it('holds a copy the server refuses for want of room, and cancel clears the hold', async () => {
    const calls = fakeApi({
      'GET /shares/s1': jsonResponse(share),
      'POST /shares/s1/copy_to_timeline': jsonResponse({ error: 'out_of_storage' }, 413),
    });
    const notify = vi.fn();
    render(
      inApp(
        <ShareReceiverPage
          shareId="s1"
          account={{ userId: 'visitor', isReadOnly: false }}
          notify={notify}
          storageGib={15}
        />,
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add to my photos' }));
    expect(await screen.findByRole('dialog', { name: 'A subscription is needed' })).toBeTruthy();
    expect(heldShareCopy()).toEqual({ shareId: 's1', password: null, reason: 'out_of_storage' });
    expect(notify).not.toHaveBeenCalled();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: "Don't add them" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(heldShareCopy()).toBeNull();
  });

  it('writes the expiry as the e-mail does, in the locale, and stops a share back to the timeline', async () => {
    const calls = fakeApi({
      'GET /shares/s1': jsonResponse({ ...share, owner: { ...share.owner, userID: 'me' } }),
      'DELETE /shares/s1': jsonResponse({}),
    });
    const notify = vi.fn();
    render(
      <Provider store={configureStore({ reducer: rootReducer })}>
        <MemoryRouter initialEntries={['/share/s1']}>
          <Routes>
            <Route
              path="/share/s1"
              element={
                <ShareReceiverPage
                  shareId="s1"
                  account={{ userId: 'me', isReadOnly: false }}
                  notify={notify}
                  storageGib={15}
                />
              }
            />
            <Route path="/photos" element={<h1>Timeline</h1>} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByText('The link works until January 1, 2030')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stop sharing' }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop sharing?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Stop sharing' }));
    expect(await screen.findByRole('heading', { name: 'Timeline' })).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('shareDeleted');
    expect(calls.map((call) => call.method)).toEqual(['GET', 'DELETE']);
  });

  it('gives a dead link a heading and a way on', async () => {
    fakeApi({ 'GET /shares/s1': jsonResponse({ error: 'Not Found' }, 404) });
    render(inApp(<ShareReceiverPage shareId="s1" account={null} notify={vi.fn()} storageGib={15} />));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });
});
