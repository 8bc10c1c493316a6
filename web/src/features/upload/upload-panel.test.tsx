import { configureStore } from '@reduxjs/toolkit';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, useDispatch, useSelector } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rootReducer } from '../../state/store';
import { stubResizeObserver } from '../../test/resize-observer';
import { UploadButton } from './upload-button.component';
import { UploadPanel } from './upload-panel.component';
import { collageThumbs, panelSummary, rowText } from './upload-panel.texts';
import {
  uploadQueueActions as a,
  initialUploadQueueState,
  type NewUploadItem,
  uploadQueueReducer as reduce,
  selectUploadItems,
  selectUploadQueue,
  type UploadQueueState,
  type UploadRootState,
} from './upload-queue.slice';

const file = (id: string): NewUploadItem => ({ id, name: `${id}.jpg`, size: 10, mtime: 1 });
const run = (...actions: { type: string; payload?: unknown }[]): UploadQueueState =>
  actions.reduce<UploadQueueState>((state, action) => reduce(state, action), initialUploadQueueState());
const item = (state: UploadQueueState, index = 0) => selectUploadItems(state)[index]!;
const textOf = (state: UploadQueueState, index = 0, safari = false) =>
  rowText(item(state, index), state, { safari });

describe('row texts (core.md §4, §8)', () => {
  const added = a.filesAdded([file('x')]);
  const started = [added, a.checksPassed(['x']), a.uploadStarted('x')];

  it('preparing, while checked, waiting or hashing', () => {
    expect(textOf(run(added)).key).toBe('row.preparing');
    expect(textOf(run(added, a.checksPassed(['x']))).key).toBe('row.preparing');
    expect(textOf(run(...started)).key).toBe('row.preparing');
  });

  it('uploading with the percent, or resuming at the percent the server had', () => {
    expect(
      textOf(run(...started, a.bytesSending({ id: 'x' }), a.progressed({ id: 'x', percent: 7 }))),
    ).toMatchObject({
      key: 'row.uploading',
      values: { percent: 7 },
    });
    const resumed = run(...started, a.bytesSending({ id: 'x', resumedAtPercent: 43 }));
    expect(textOf(resumed)).toMatchObject({ key: 'row.resuming', values: { percent: 43 } });
    expect(textOf(reduce(resumed, a.progressed({ id: 'x', percent: 44 }))).key).toBe('row.uploading');
  });

  it('processing, complete, cancelled', () => {
    const backend = run(
      ...started,
      a.backendSucceeded({ id: 'x', fileUUID: 'f', thumbUrl: null, isMovie: true }),
    );
    expect(textOf(backend).key).toBe('row.processing');
    expect(textOf(reduce(backend, a.succeeded({ id: 'x' }))).key).toBe('row.complete');
    expect(textOf(run(added, a.itemCancelled('x'))).key).toBe('row.cancelled');
  });

  it('waiting for internet connection while offline, retrying after the countdown', () => {
    const offline = run(...started, a.networkFailed('x'));
    expect(textOf(offline).key).toBe('row.offline');
    expect(textOf(reduce(offline, a.retryRequested())).key).toBe('row.retrying');
  });

  it('each rejection reason has its message, with the Safari folder text on Safari', () => {
    const rejected = (reason: Parameters<typeof a.itemsRejected>[0]['reason']) =>
      run(added, a.itemsRejected({ ids: ['x'], reason }));
    expect(textOf(rejected('FileIsFolder')).key).toBe('row.rejected.folder');
    expect(textOf(rejected('FileIsFolder'), 0, true).key).toBe('row.rejected.folderSafari');
    expect(textOf(rejected('UnSupported')).key).toBe('row.rejected.unsupported');
    expect(textOf(rejected('TooLargeFile')).key).toBe('row.rejected.tooLarge');
    expect(textOf(rejected('Unknown')).key).toBe('row.rejected.notUploaded');
    expect(textOf(rejected('LocalFileUnavailable')).key).toBe('row.rejected.notUploaded');
    expect(textOf(rejected('FileWasDeleted')).key).toBe('row.rejected.notUploaded');
    expect(textOf(run(added, a.batchOverSpace(['x']))).key).toBe('row.rejected.outOfStorage');
    expect(textOf(rejected('NoStorage')).key).toBe('row.rejected.outOfStorage');
  });
});

describe('panel summary', () => {
  const two = a.filesAdded([file('x'), file('y')]);

  it('uploading while anything is unfinished', () => {
    expect(panelSummary(run(two, a.checksPassed(['x', 'y']), a.uploadStarted('x')))).toMatchObject({
      kind: 'uploading',
      total: 2,
      done: 0,
      active: true,
    });
  });

  it('out of storage wins over everything', () => {
    expect(panelSummary(run(two, a.batchOverSpace(['x', 'y']))).kind).toBe('outOfStorage');
  });

  it('finished with some failures', () => {
    const state = run(
      two,
      a.checksPassed(['x']),
      a.uploadStarted('x'),
      a.succeeded({ id: 'x' }),
      a.itemsRejected({ ids: ['y'], reason: 'UnSupported' }),
    );
    expect(panelSummary(state)).toMatchObject({
      kind: 'finishedWithFailures',
      failed: 1,
      done: 1,
      active: false,
    });
  });

  it('all uploaded, cancelled rows not counted', () => {
    const state = run(
      two,
      a.checksPassed(['x']),
      a.uploadStarted('x'),
      a.succeeded({ id: 'x' }),
      a.itemCancelled('y'),
    );
    expect(panelSummary(state)).toMatchObject({ kind: 'allUploaded', done: 1, total: 1 });
  });

  it('the collage holds at most 4 stored pictures, newest first, those still being made included', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    const actions = ids.flatMap((id) => [
      a.uploadStarted(id),
      id === 'e'
        ? a.backendSucceeded({ id, fileUUID: id, thumbUrl: `/th/${id}`, isMovie: false })
        : a.succeeded({ id, fileUUID: id, thumbUrl: `/th/${id}` }),
    ]);
    const state = run(a.filesAdded(ids.map(file)), a.checksPassed(ids), ...actions, a.uploadStarted('g'));
    expect(collageThumbs(selectUploadItems(state)).map((thumb) => thumb.url)).toEqual([
      '/th/f',
      '/th/e',
      '/th/d',
      '/th/c',
    ]);
    expect(collageThumbs(selectUploadItems(state))[1]).toEqual({ url: '/th/e', fileId: 'e' });
  });
});

function mountPanel() {
  const store = configureStore({ reducer: rootReducer });
  const queue = () => selectUploadQueue(store.getState() as UploadRootState);
  function Harness() {
    return <UploadPanel queue={useSelector(selectUploadQueue)} dispatch={useDispatch()} safari={false} />;
  }
  const router = createMemoryRouter(
    [
      { path: '/', element: <Harness /> },
      { path: '/photos', element: <p>timeline</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  const update = (...actions: { type: string; payload?: unknown }[]) =>
    act(() => {
      for (const action of actions) store.dispatch(action);
    });
  return { store, router, queue, update };
}

describe('upload status panel', () => {
  // jsdom lays nothing out; give the scrolling list the height the browser would (25 rows of 48).
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('upload-panel__list') ? 25 * 48 : 0;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('stays closed until uploading starts, then shows the summary collapsed', () => {
    const { update } = mountPanel();
    update(a.filesAdded([file('x'), file('y')]), a.checksPassed(['x', 'y']));
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();
    update(a.uploadStarted('x'));
    const panel = screen.getByRole('region', { name: 'Uploads' });
    expect(within(panel).getByRole('heading').textContent).toBe('Uploading 0 of 2');
    expect(within(panel).queryByRole('list')).toBeNull();
  });

  it('expands to rows with their texts', async () => {
    const { update } = mountPanel();
    update(
      a.filesAdded([file('x'), file('y')]),
      a.checksPassed(['x']),
      a.itemsRejected({ ids: ['y'], reason: 'UnSupported' }),
      a.uploadStarted('x'),
      a.bytesSending({ id: 'x' }),
      a.progressed({ id: 'x', percent: 42 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show files' }));
    const rows = within(screen.getByRole('list', { name: 'Files in this upload' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['x.jpgUploading 42 %', 'y.jpgUnsupported file']);
  });

  it('virtualises long lists: 25 rows visible, not all 300 rendered', async () => {
    const { update } = mountPanel();
    const ids = Array.from({ length: 300 }, (_, i) => `f${i}`);
    update(a.filesAdded(ids.map(file)), a.checksPassed(ids), a.uploadStarted('f0'), a.panelExpandedToggled());
    const list = screen.getByRole('list', { name: 'Files in this upload' });
    const rendered = within(list).getAllByRole('listitem').length;
    expect(rendered).toBeGreaterThanOrEqual(25);
    expect(rendered).toBeLessThan(60);
    expect(list.parentElement!.style.height).toContain(`${25 * 48}px`);
  });

  it("stop asks 'are you sure': no keeps uploading, yes cancels", async () => {
    const { update, queue } = mountPanel();
    update(a.filesAdded([file('x')]), a.checksPassed(['x']), a.uploadStarted('x'));
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Stop uploading?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep uploading' }));
    update();
    expect(queue().stopping).toBe(false);
    expect(selectUploadItems(queue())[0]!.status).toBe('Uploading');
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    update();
    dialog = screen.getByRole('alertdialog', { name: 'Stop uploading?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop uploading' }));
    update();
    expect(selectUploadItems(queue())[0]!.status).toBe('Cancelled');
  });

  it("when finished offers 'view the files' to the recent files, and closing clears the queue", async () => {
    const { update, router, queue } = mountPanel();
    update(a.filesAdded([file('x')]), a.checksPassed(['x']), a.uploadStarted('x'), a.succeeded({ id: 'x' }));
    expect(screen.getByRole('heading').textContent).toBe('1 file uploaded');
    await userEvent.click(screen.getByRole('button', { name: 'View the files' }));
    expect(router.state.location.pathname).toBe('/photos');
    expect(router.state.location.search).toBe('?filter=recents_1');
    expect(selectUploadItems(queue())).toHaveLength(0);
  });

  it('offline shows the countdown and a try again button', async () => {
    const { update, queue } = mountPanel();
    update(a.filesAdded([file('x')]), a.checksPassed(['x']), a.uploadStarted('x'), a.networkFailed('x'));
    expect(screen.getByRole('heading').textContent).toBe('Waiting for internet connection');
    expect(screen.getByText('Retrying in 4 s')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(queue().connection).toBe('Retrying');
  });
});

describe('Upload button', () => {
  function mountButton(readOnly: boolean) {
    const store = configureStore({ reducer: rootReducer });
    store.dispatch(a.accountChecked({ readOnly }));
    render(
      <Provider store={store}>
        <UploadButton />
      </Provider>,
    );
    return store;
  }

  it('opens the dialog', async () => {
    const store = mountButton(false);
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(selectUploadQueue(store.getState() as UploadRootState).dialogOpen).toBe(true);
  });

  it('is disabled with a subscribe tooltip for a read-only user', async () => {
    stubResizeObserver();
    const store = mountButton(true);
    const button = screen.getByRole('button', { name: 'Upload' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-describedby')).toBe('upload-read-only-reason');
    act(() => button.focus());
    expect((await screen.findByRole('tooltip')).textContent).toMatch(/Subscribe to add photos and videos/);
    await userEvent.click(button);
    expect(selectUploadQueue(store.getState() as UploadRootState).dialogOpen).toBe(false);
    vi.unstubAllGlobals();
  });
});
