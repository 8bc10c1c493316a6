import { CHANGE_COMMENT, CHANGE_FILE_REMOVED } from '@nordlys/contract/job-changes';
import { configureStore } from '@reduxjs/toolkit';
import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileRecord } from '../api/files.api';
import { albumViewerSource } from '../features/albums/album-viewer.source';
import { CarouselPage } from '../features/carousel/carousel-page.component';
import { useJobSync } from '../features/job-sync/use-job-sync';
import { fileRecord } from '../file-actions/file-record.test-data';
import { rootReducer } from '../state/store';
import { fakeChangeFeed } from './fake-change-feed.test-data';

const ALBUM_ID = '0f8e2c1a-1111-4222-8333-444455556666';

/** A fake API with an album's files (X-Last-Event-Serial), its change feed and the long poll. */
function fakeServer(files: FileRecord[]) {
  const feed = fakeChangeFeed(ALBUM_ID, 5);
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const answer = await feed.answer(url, init);
    if (answer) return answer;
    if (url.pathname === `/st/4/jobs/${ALBUM_ID}/files`) {
      return new Response(JSON.stringify({ files }), {
        headers: {
          'Content-Type': 'application/json',
          'X-Last-Event-Serial': String(feed.serial()),
          'X-Total-Items': String(files.length),
        },
      });
    }
    return new Response(JSON.stringify({ error: 'Not Found' }), { status: 404 });
  });
  return { fetch, change: feed.change, since: feed.since };
}

const albumFiles = () =>
  ['a', 'b', 'c'].map((id, index) =>
    fileRecord(id, { jobID: ALBUM_ID, timestamp: 1_700_000_000 - index, thumbURLLarge: `/th/${id}` }),
  );

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer(albumFiles());
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => vi.unstubAllGlobals());

function Viewer() {
  const { fileID } = useParams();
  const source = albumViewerSource(ALBUM_ID, 'NEWEST_TAKEN', null);
  return (
    <CarouselPage
      fileId={fileID ?? ''}
      account={{ userId: 'user-1', isReadOnly: false }}
      source={source}
      basePath="/carousel/x"
      useChangeFeed={useJobSync}
    />
  );
}

describe('the viewer follows the change feed', () => {
  it('a file removed elsewhere gives way to the next, as it happens', async () => {
    const router = createMemoryRouter([{ path: '/carousel/x/:fileID', element: <Viewer /> }], {
      initialEntries: ['/carousel/x/b'],
    });
    const view = render(
      <Provider store={configureStore({ reducer: rootReducer })}>
        <RouterProvider router={router} />
      </Provider>,
    );
    await screen.findByRole('img', { name: /b\.jpg/ });
    // A comment wakes a read that removes nothing.
    server.change(CHANGE_COMMENT, 'comment-1', { fileID: 'b', comment: 'hi' });
    await waitFor(() => expect(server.since).toEqual([5]));
    expect(router.state.location.pathname).toBe('/carousel/x/b');
    // The file on screen is removed on another device: the viewer moves on to the next one.
    server.change(CHANGE_FILE_REMOVED, 'b');
    await waitFor(() => expect(router.state.location.pathname).toBe('/carousel/x/c'));
    expect(server.since).toEqual([5, 6]);
    view.unmount();
  });
});
