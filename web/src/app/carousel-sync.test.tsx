import { CHANGE_COMMENT, CHANGE_FILE_REMOVED } from '@nordlys/contract/job-changes';
import { configureStore } from '@reduxjs/toolkit';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileRecord } from '../api/files.api';
import { albumViewerSource } from '../features/albums/album-viewer.source';
import { CarouselPage } from '../features/carousel/carousel-page.component';
import { CommentsPanel } from '../features/comments/comments-panel.component';
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
    const comments = url.pathname.match(/^\/st\/4\/jobs\/[^/]+\/files_by_id\/([^/]+)\/comments$/);
    if (comments) {
      return new Response(
        JSON.stringify({
          fileID: comments[1],
          comments: [],
          loves: { count: 0, mine: false },
          serial: feed.serial(),
        }),
        { headers: { 'Content-Type': 'application/json' } },
      );
    }
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
      renderComments={(file, onClose) => (
        <CommentsPanel
          variant="panel"
          albumId={ALBUM_ID}
          fileId={file.fileID}
          userId="user-1"
          password={null}
          onClose={onClose}
          signIn={() => undefined}
          useChangeFeed={useJobSync}
        />
      )}
    />
  );
}

function renderViewer(at: string) {
  const router = createMemoryRouter([{ path: '/carousel/x/:fileID', element: <Viewer /> }], {
    initialEntries: [at],
  });
  const view = render(
    <Provider store={configureStore({ reducer: rootReducer })}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, view };
}

describe('the viewer follows the change feed', () => {
  it('a file removed elsewhere gives way to the next, as it happens', async () => {
    const { router, view } = renderViewer('/carousel/x/b');
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

  it('with the comments panel open, files removed elsewhere still leave the viewer', async () => {
    const { router, view } = renderViewer('/carousel/x/b');
    await screen.findByRole('img', { name: /b\.jpg/ });
    expect(screen.queryByRole('button', { name: 'Next file' })).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Comments' }));
    await screen.findByRole('heading', { name: 'Comments' });
    // The panel now holds the syncer; another device removes the file after the one shown.
    server.change(CHANGE_FILE_REMOVED, 'c');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Next file' })).toBeNull());
    expect(router.state.location.pathname).toBe('/carousel/x/b');
    expect(screen.queryByRole('heading', { name: 'Comments' })).not.toBeNull();
    // Then the file shown: the viewer moves on, and the panel (of that file) gives way.
    server.change(CHANGE_FILE_REMOVED, 'b');
    await waitFor(() => expect(router.state.location.pathname).toBe('/carousel/x/a'));
    view.unmount();
  });
});
