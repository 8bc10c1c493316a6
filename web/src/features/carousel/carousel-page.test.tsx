import type { FileRecord } from '@nordlys/contract/file';
import { configureStore } from '@reduxjs/toolkit';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { emitFileActionEvent } from '../../file-actions/file-action.events';
import { timelineFiles } from '../../file-actions/file-record.test-data';
import { rootReducer } from '../../state/store';
import { IMAGE_ATTEMPTS, imageRetryDelay } from '../../ui/image-retry';
import { LocalPreviewContext } from '../../ui/local-preview.context';
import type { Direction } from './carousel.slice';
import type { CarouselSource } from './carousel.source';
import { CarouselPage } from './carousel-page.component';

/** A source over a fixed newest-first list, as the server or the timeline would give it. */
function listSource(files: FileRecord[]): CarouselSource & { loads: string[] } {
  const loads: string[] = [];
  return {
    loads,
    async load(fileId) {
      loads.push(fileId);
      const index = files.findIndex((file) => file.fileID === fileId);
      if (index < 0) throw new ApiError({ status: 404, statusText: 'Not Found', body: undefined, url: '' });
      return { file: files[index]!, before: files.slice(0, index), after: files.slice(index + 1) };
    },
    async more(_edge: FileRecord, _direction: Direction) {
      return [];
    },
    async refresh(file) {
      return file;
    },
  };
}

function renderViewer(
  path: string,
  source: CarouselSource,
  state?: unknown,
  local: (fileId: string) => string | null = () => null,
) {
  const store = configureStore({ reducer: rootReducer });
  const router = createMemoryRouter(
    [
      {
        path: '/photos/:fileID',
        element: <Screen source={source} />,
      },
      { path: '/photos', element: <p>timeline</p> },
    ],
    { initialEntries: state ? ['/photos', { pathname: path, state }] : [path], initialIndex: state ? 1 : 0 },
  );
  render(
    <Provider store={store}>
      <LocalPreviewContext value={local}>
        <RouterProvider router={router} />
      </LocalPreviewContext>
    </Provider>,
  );
  return router;
}

function Screen({ source }: { source: CarouselSource }) {
  const { fileID } = useParams();
  return (
    <CarouselPage fileId={fileID ?? ''} account={{ userId: 'user-1', isReadOnly: false }} source={source} />
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('timeline viewer', () => {
  it('shows the named picture as a modal dialog with its alt text and its neighbours a key away', async () => {
    const router = renderViewer('/photos/b', listSource(timelineFiles('a', 'b', 'c')));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const picture = await screen.findByRole('img', { name: /b\.jpg/ });
    expect(picture.getAttribute('src')).toBe('/th/3/b?area=1280');
    expect(screen.getByRole('button', { name: 'Previous file' })).toBeTruthy();

    await userEvent.keyboard('{ArrowRight}');
    await screen.findByRole('img', { name: /c\.jpg/ });
    await waitFor(() => expect(router.state.location.pathname).toBe('/photos/c'));
    // Rewritten in place: still the one history entry.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('button', { name: 'Next file' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Previous file' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/photos/b'));
  });

  it('Escape leaves to the timeline; opened from the timeline it goes back there', async () => {
    const router = renderViewer('/photos/a', listSource(timelineFiles('a', 'b')));
    await screen.findByRole('img', { name: /a\.jpg/ });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/photos'));
    expect(router.state.historyAction).toBe('PUSH');

    const fromTimeline = renderViewer('/photos/a', listSource(timelineFiles('a', 'b')), {
      fromTimeline: true,
    });
    await screen.findAllByRole('img', { name: /a\.jpg/ });
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(fromTimeline.state.location.pathname).toBe('/photos'));
    expect(fromTimeline.state.historyAction).toBe('POP');
  });

  it('the slideshow from #autoplay advances every 5 s and the address keeps the hash', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = renderViewer('/photos/a#autoplay', listSource(timelineFiles('a', 'b', 'c')));
    await screen.findByRole('img', { name: /a\.jpg/ });
    expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4900);
    });
    expect(router.state.location.pathname).toBe('/photos/a');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/photos/b'));
    expect(router.state.location.hash).toBe('#autoplay');
  });

  it('a deleted file gives way to the next, then the previous, and the last one leaves', async () => {
    const router = renderViewer('/photos/b', listSource(timelineFiles('a', 'b', 'c')));
    await screen.findByRole('img', { name: /b\.jpg/ });
    act(() => emitFileActionEvent({ kind: 'removed', jobId: 'job-1', fileIds: ['b'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/photos/c'));
    act(() => emitFileActionEvent({ kind: 'removed', jobId: 'job-1', fileIds: ['c'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/photos/a'));
    act(() => emitFileActionEvent({ kind: 'removed', jobId: 'job-1', fileIds: ['a'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/photos'));
  });

  it('an unknown file shows a message instead of a picture', async () => {
    renderViewer('/photos/nope', listSource(timelineFiles('a')));
    expect((await screen.findByRole('alert')).textContent).toContain("doesn't exist");
  });
});

describe('a picture whose rendering the server is still making', () => {
  const failed = () => screen.queryByText('Something went wrong showing this picture.');
  const serverImage = () => document.querySelector('img[src="/th/3/b?area=1280"]') as HTMLImageElement;

  it('shows the file picked for upload in this tab, then the server rendering once it answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderViewer('/photos/b', listSource(timelineFiles('a', 'b', 'c')), undefined, (id) =>
      id === 'b' ? 'blob:picked-b' : null,
    );
    const picked = await screen.findByRole('img', { name: /b\.jpg/ });
    expect(picked.getAttribute('src')).toBe('blob:picked-b');
    // 503 while being made: tried again, the picked file stays, no error.
    fireEvent.error(serverImage());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(imageRetryDelay(0));
    });
    expect(failed()).toBeNull();
    expect(screen.getByRole('img', { name: /b\.jpg/ }).getAttribute('src')).toBe('blob:picked-b');
    fireEvent.load(serverImage());
    expect(screen.getByRole('img', { name: /b\.jpg/ }).getAttribute('src')).toBe('/th/3/b?area=1280');
    expect(document.querySelector('img[src="blob:picked-b"]')).toBeNull();
  });

  it('without a picked file, waits with a spinner and names the failure only when it never comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderViewer('/photos/b', listSource(timelineFiles('a', 'b', 'c')));
    await screen.findByRole('img', { name: /b\.jpg/ });
    for (let attempt = 0; attempt < IMAGE_ATTEMPTS - 1; attempt += 1) {
      fireEvent.error(serverImage());
      await act(async () => {
        await vi.advanceTimersByTimeAsync(imageRetryDelay(attempt));
      });
      expect(failed()).toBeNull();
    }
    fireEvent.error(serverImage());
    expect(await screen.findByText('Something went wrong showing this picture.')).toBeTruthy();
  });
});
