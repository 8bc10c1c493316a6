import type { FileRecord } from '@nordlys/contract/file';
import { configureStore } from '@reduxjs/toolkit';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../api/session';
import { rootReducer } from '../../state/store';
import type { TransportUpload, UploadTransport } from './upload.transport';
import { MAX_FILE_SIZE } from './upload-checks';
import { UploadOverlay } from './upload-overlay.component';
import {
  openUploadDialog,
  selectUploadItems,
  selectUploadQueue,
  type UploadRootState,
} from './upload-queue.slice';

/** Answers like a server that stores everything at once and has thumbnails ready. */
function fakeTransport(uploads: string[]): UploadTransport {
  return {
    fetchCheckContext: async () => ({
      extensions: { pictures: ['jpg', 'png'], videos: ['mp4'] },
      maxFileSize: MAX_FILE_SIZE,
      remainingSpace: 1_000_000,
      readOnly: false,
    }),
    hash: async (file) => file.name.padEnd(64, '0'),
    dedup: async () => ({ status: 'upload_required' }),
    isResumable: () => false,
    upload: async (request: TransportUpload) => {
      uploads.push(request.path);
      request.onProgress(1);
      return { fileID: request.path, thumbURLSmall: null, file_type: 'Pictures' } as FileRecord;
    },
    processingState: async () => 'done',
    createAlbum: async () => 'album-1',
  };
}

function mount() {
  setAuthToken('token');
  const store = configureStore({ reducer: rootReducer });
  const uploads: string[] = [];
  const router = createMemoryRouter([
    { path: '/', element: <UploadOverlay transport={fakeTransport(uploads)} /> },
  ]);
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  const queue = () => selectUploadQueue(store.getState() as UploadRootState);
  return { store, uploads, queue };
}

describe('upload dialog and overlay', () => {
  it('the dialog offers the drop area, device, capture source and cancel', async () => {
    const { store, queue } = mount();
    store.dispatch(openUploadDialog());
    const dialog = await screen.findByRole('dialog', { name: 'Upload photos and videos' });
    expect(within(dialog).getByText('Drag photos and videos here')).toBeTruthy();
    // One button per choice: the file inputs behind them are hidden from assistive technology.
    expect(within(dialog).getAllByRole('button', { name: 'Select from device' })).toHaveLength(1);
    expect(within(dialog).getAllByRole('button', { name: 'Add from camera' })).toHaveLength(1);
    const device = within(dialog).getByTestId('upload-file-input') as HTMLInputElement;
    const camera = within(dialog).getByTestId('upload-camera-input') as HTMLInputElement;
    expect(camera.getAttribute('capture')).toBe('environment');
    for (const input of [device, camera]) {
      expect(input.getAttribute('aria-hidden')).toBe('true');
      expect(input.tabIndex).toBe(-1);
      expect(input.hasAttribute('aria-label')).toBe(false);
    }
    expect(within(dialog).queryByLabelText('Select from device', { selector: 'input' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(queue().dialogOpen).toBe(false);
  });

  it('the visible buttons open the hidden file pickers', async () => {
    const { store } = mount();
    store.dispatch(openUploadDialog());
    const dialog = await screen.findByRole('dialog', { name: 'Upload photos and videos' });
    const opened: string[] = [];
    for (const [testId, name] of [
      ['upload-file-input', 'Select from device'],
      ['upload-camera-input', 'Add from camera'],
    ] as const) {
      within(dialog)
        .getByTestId(testId)
        .addEventListener('click', (event) => {
          event.preventDefault();
          opened.push(testId);
        });
      await userEvent.click(within(dialog).getByRole('button', { name }));
    }
    expect(opened).toEqual(['upload-file-input', 'upload-camera-input']);
  });

  it('selected files are checked and uploaded; the panel shows completions and the rejection', async () => {
    const { store, uploads, queue } = mount();
    store.dispatch(openUploadDialog());
    const input = (await screen.findByTestId('upload-file-input')) as HTMLInputElement;
    await userEvent.upload(input, [new File(['a'], 'a.jpg'), new File(['b'], 'notes.txt')], {
      applyAccept: false,
    });
    await waitFor(() =>
      expect(selectUploadItems(queue()).map((item) => item.status)).toEqual(['Succeeded', 'Rejected']),
    );
    expect(uploads).toEqual(['a.jpg']);
    expect(queue().dialogOpen).toBe(false);
    const panel = screen.getByRole('region', { name: 'Uploads' });
    expect(within(panel).getByRole('heading').textContent).toBe('Finished, 1 file was not uploaded');
  });

  it('into an album the dialog offers the timeline too, and its files carry both targets', async () => {
    const { store, queue } = mount();
    store.dispatch(openUploadDialog({ jobId: 'album-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload to the album' });
    const also = within(dialog).getByRole('switch', { name: 'Also add to my timeline' });
    await userEvent.click(also);
    expect(queue().dialogTarget).toEqual({ jobId: 'album-1', alsoTargetTimeline: true });
    const input = within(dialog).getByTestId('upload-file-input') as HTMLInputElement;
    await userEvent.upload(input, [new File(['a'], 'a.jpg')], { applyAccept: false });
    await waitFor(() => expect(selectUploadItems(queue()).map((item) => item.status)).toEqual(['Succeeded']));
    expect(selectUploadItems(queue())[0]).toMatchObject({ targetJob: 'album-1', alsoTargetTimeline: true });
  });

  it('from the timeline the dialog has no album choice', async () => {
    const { store } = mount();
    store.dispatch(openUploadDialog());
    const dialog = await screen.findByRole('dialog', { name: 'Upload photos and videos' });
    expect(within(dialog).queryByRole('switch')).toBeNull();
  });

  it('a drop reads folders and uploads their files with folder paths', async () => {
    const { store, uploads } = mount();
    store.dispatch(openUploadDialog());
    const area = await screen.findByTestId('upload-drop-area');
    const inFolder = new File(['x'], 'x.png');
    const folder = {
      name: 'Trip',
      isFile: false,
      isDirectory: true,
      createReader: () => {
        const entries = [
          { name: 'x.png', isFile: true, isDirectory: false, file: (ok: (f: File) => void) => ok(inFolder) },
          { name: '.DS_Store', isFile: true, isDirectory: false, file: () => {} },
        ];
        return { readEntries: (ok: (e: unknown[]) => void) => ok(entries.splice(0)) };
      },
    };
    const items = [
      { kind: 'file', getAsFile: () => null, webkitGetAsEntry: () => folder },
      { kind: 'file', getAsFile: () => new File(['y'], 'y.jpg'), webkitGetAsEntry: () => null },
    ];
    fireEvent.drop(area, { dataTransfer: { items, files: [] } });
    await waitFor(() => expect(uploads.sort()).toEqual(['Trip/x.png', 'y.jpg']));
  });
});
