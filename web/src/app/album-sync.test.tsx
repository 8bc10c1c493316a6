import { CHANGE_EVENT_MARKER, CHANGE_FILE_ADDED, CHANGE_FILE_REMOVED } from '@nordlys/contract/job-changes';
import { configureStore } from '@reduxjs/toolkit';
import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileRecord } from '../api/files.api';
import { sampleAlbum } from '../features/albums/album.test-data';
import { AlbumScreen } from '../features/albums/album-screen.component';
import { useJobSync } from '../features/job-sync/use-job-sync';
import { fileRecord } from '../file-actions/file-record.test-data';
import { rootReducer } from '../state/store';
import { wireAlbums } from './albums-wiring';
import { fakeChangeFeed } from './fake-change-feed.test-data';

const ALBUM_ID = '0f8e2c1a-1111-4222-8333-444455556666';

/** A fake API with the album, its files, its change feed and the long poll, changed by the test. */
function fakeServer() {
  const files: FileRecord[] = [];
  const feed = fakeChangeFeed(ALBUM_ID, 3);
  let name = 'Lofoten';
  const calls = { album: 0, accountInfo: 0 };
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const answer = await feed.answer(url, init);
    if (answer) return answer;
    if (url.pathname === `/st/4/jobs/${ALBUM_ID}`) {
      calls.album += 1;
      return json(sampleAlbum({ id: ALBUM_ID, name, media_count: files.length, last_serial: feed.serial() }));
    }
    if (url.pathname === `/st/4/jobs/${ALBUM_ID}/files`) return json({ files });
    if (url.pathname === '/st/4/account_info') calls.accountInfo += 1;
    return json({ error: 'Not Found' }, 404);
  });
  return {
    fetch,
    calls,
    add(file: FileRecord) {
      files.push(file);
      feed.change(CHANGE_FILE_ADDED, file.fileID);
    },
    remove(fileId: string) {
      files.splice(
        files.findIndex((file) => file.fileID === fileId),
        1,
      );
      feed.change(CHANGE_FILE_REMOVED, fileId);
    },
    rename(next: string) {
      name = next;
      feed.change(CHANGE_EVENT_MARKER, ALBUM_ID);
    },
    unknown: () => feed.change(99, 'x'),
  };
}

let server: ReturnType<typeof fakeServer>;
let unwire: () => void;
beforeEach(() => {
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetch);
  unwire = wireAlbums();
});
afterEach(() => {
  unwire();
  vi.unstubAllGlobals();
});

function renderAlbum() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AlbumScreen
            albumId={ALBUM_ID}
            visitor={false}
            account={null}
            loginGate={null}
            useChangeFeed={useJobSync}
          />
        ),
      },
    ],
    { initialEntries: ['/albums/x'] },
  );
  return render(
    <Provider store={configureStore({ reducer: rootReducer })}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe('the open album follows its change feed', () => {
  it('shows files added elsewhere, drops removed ones and re-reads the album on an event marker', async () => {
    const view = renderAlbum();
    expect(await screen.findByText('There are no photos in this album yet.')).toBeTruthy();

    server.add(fileRecord('f1', { jobID: ALBUM_ID, fileName: 'fjord.jpg', thumbURLTile: '/t/f1' }));
    expect(await screen.findByAltText('fjord.jpg')).toBeTruthy();
    // A file added refreshes the storage counts.
    await waitFor(() => expect(server.calls.accountInfo).toBe(1));

    server.remove('f1');
    await waitFor(() => expect(screen.queryByAltText('fjord.jpg')).toBeNull());
    expect(server.calls.accountInfo).toBe(1);

    server.rename('Senja');
    expect(await screen.findByRole('heading', { level: 1, name: 'Senja' })).toBeTruthy();
    view.unmount();
  });

  it('logs an unknown change type and keeps going', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const view = renderAlbum();
    expect(await screen.findByText('There are no photos in this album yet.')).toBeTruthy();
    const reads = server.calls.album;
    server.unknown();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('album change type 99 is not known; ignored'));
    server.add(fileRecord('f2', { jobID: ALBUM_ID, fileName: 'senja.jpg', thumbURLTile: '/t/f2' }));
    expect(await screen.findByAltText('senja.jpg')).toBeTruthy();
    expect(server.calls.album).toBe(reads + 1);
    warn.mockRestore();
    view.unmount();
  });
});
