import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserTransfer, setBrowserTransfer } from '../../file-actions/browser-transfer';
import { createAppStore } from '../../state/store';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import type { DownloadPage } from './download-split';
import { Downloader } from './downloader.component';
import { downloaderActions, selectDownloader } from './downloader.slice';

const page = (name: string, ids: string[]): DownloadPage => ({
  fileIDs: ids,
  totalSize: ids.length * 1024 * 1024,
  clicked: false,
  name,
  hasHEIC: false,
});

let downloads: [string, string][];
beforeEach(() => {
  downloads = [];
  const transfer: BrowserTransfer = {
    download: (url, name) => void downloads.push([url, name]),
    copyImage: async () => {},
    pause: async () => {},
  };
  setBrowserTransfer(transfer);
});
afterEach(() => setBrowserTransfer(null));

function setup(failing = false) {
  const calls = fakeApi({
    'POST /jobs/default/files_as_archive/link': () =>
      failing ? jsonResponse({ error: 'Forbidden' }, 403) : jsonResponse({ url: '/zip?sig=1', expires: 1 }),
  });
  const store = createAppStore();
  const failed: string[][] = [];
  render(
    <Provider store={store}>
      <button type="button">Elsewhere</button>
      <Downloader onFailed={(ids) => void failed.push([...ids])} />
    </Provider>,
  );
  act(() => {
    store.dispatch(
      downloaderActions.started({
        title: 'Timeline',
        source: { jobId: 'default', mode: 'takeout', password: null },
        pages: [
          page('Nordlys 2024', ['a', 'b']),
          page('Nordlys 2023 (1)', ['c']),
          page('Nordlys 2023 (2)', ['d']),
        ],
      }),
    );
  });
  return { store, calls, failed };
}

describe('the downloader', () => {
  it('lists the parts in a dialog that keeps focus, and a click downloads a part and marks it', async () => {
    const user = userEvent.setup();
    const { store, calls } = setup();
    const dialog = screen.getByRole('dialog', { name: 'Download “Timeline” in parts' });
    expect(dialog.textContent).toContain('comes in 3 parts');
    expect(within(dialog).getByText('0 of 3 parts downloaded')).toBeTruthy();
    expect(within(dialog).getByText('2 files · 2 MB')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Download Nordlys 2023 (1)' }));
    expect(downloads).toEqual([['/zip?sig=1', 'Nordlys 2023 (1).zip']]);
    expect(calls[0]?.body).toEqual({
      file_ids: ['c'],
      zip_filename: 'Nordlys 2023 (1).zip',
      mode: 'takeout',
    });
    expect(selectDownloader(store.getState()).pages.map((p) => p.clicked)).toEqual([false, true, false]);
    expect(within(dialog).getByText('1 of 3 parts downloaded')).toBeTruthy();
    expect(within(dialog).getByText('Downloaded')).toBeTruthy();

    // Tab cycles inside the dialog: focus never reaches the page behind it.
    for (let i = 0; i < 12; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('minimises to the progress box, maximises back, and clearing closes everything', async () => {
    const user = userEvent.setup();
    const { store } = setup();
    await user.click(screen.getByRole('button', { name: 'Minimise' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const box = screen.getByRole('region', { name: 'Download “Timeline” in parts' });
    expect(within(box).getByText('0 of 3 parts downloaded')).toBeTruthy();
    expect(within(box).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');

    await user.click(within(box).getByRole('button', { name: 'Show parts' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(selectDownloader(store.getState()).mode).toBe('max');

    // Escape keeps the parts: back to the box.
    await user.keyboard('{Escape}');
    expect(selectDownloader(store.getState()).mode).toBe('min');

    await user.click(screen.getByRole('button', { name: 'Close the download' }));
    expect(selectDownloader(store.getState()).mode).toBe('off');
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Done clears the downloader', async () => {
    const user = userEvent.setup();
    const { store } = setup();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(selectDownloader(store.getState())).toMatchObject({ mode: 'off', pages: [] });
  });

  it('a part whose link is refused reports its files and stays unmarked', async () => {
    const user = userEvent.setup();
    const { store, failed } = setup(true);
    await user.click(screen.getByRole('button', { name: 'Download Nordlys 2024' }));
    expect(failed).toEqual([['a', 'b']]);
    expect(downloads).toEqual([]);
    expect(selectDownloader(store.getState()).pages[0]?.clicked).toBe(false);
  });
});
