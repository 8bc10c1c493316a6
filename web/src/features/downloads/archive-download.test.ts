import { ALBUM_PASSWORD_HEADER } from '@nordlys/contract/album';
import { GIB } from '@nordlys/contract/constants';
import { SHARE_PASSWORD_HEADER } from '@nordlys/contract/share';
import { describe, expect, it } from 'vitest';
import type { BrowserTransfer } from '../../file-actions/browser-transfer';
import type { FileActionFile } from '../../file-actions/file-action.types';
import { createAppStore } from '../../state/store';
import { type FakeCall, fakeApi, jsonResponse } from '../../test/fake-api';
import { downloadFilesAsArchives, downloadItemOf, type FilesDownloadRequest } from './archive-download';
import type { DownloadLimitAlert } from './download-split';
import { selectDownloader } from './downloader.slice';

const file = (n: number, size = 1000): FileActionFile => ({
  fileID: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  jobID: 'album-1',
  fileName: `IMG_${n}.jpg`,
  path: `Trip/IMG_${n}.jpg`,
  user_uuid: 'u1',
  duration: 0,
  size,
  timestamp: Date.UTC(2023, 5, 1) / 1000,
});

function recorder() {
  const downloads: [string, string][] = [];
  const transfer: BrowserTransfer = {
    download: (url, name) => void downloads.push([url, name]),
    copyImage: async () => {},
    pause: async () => {},
  };
  return { transfer, downloads };
}

function linkServer(status = 200) {
  return fakeApi({
    'POST /jobs/album-1/files_as_archive/link': (call: FakeCall) =>
      status === 200
        ? jsonResponse({
            url: `/st/4/jobs/album-1/files_as_archive?t=${(call.body as { zip_filename: string }).zip_filename}`,
            expires: 1,
          })
        : jsonResponse({ error: 'Forbidden' }, status),
  });
}

function request(files: FileActionFile[], over: Partial<FilesDownloadRequest> = {}) {
  const alerts: DownloadLimitAlert[] = [];
  const full: FilesDownloadRequest = {
    source: { jobId: 'album-1', mode: 'download', password: null },
    files,
    kind: 'selection',
    title: null,
    productName: 'Nordlys',
    year: 2026,
    alert: async (alert) => void alerts.push(alert),
    ...over,
  };
  return { full, alerts };
}

describe('downloading several files as archives', () => {
  it('within the limits: one archive at once, no alert, no downloader', async () => {
    const calls = linkServer();
    const store = createAppStore();
    const { transfer, downloads } = recorder();
    const files = [file(1), file(2), file(3)];
    const { full, alerts } = request(files);
    const outcome = await downloadFilesAsArchives(store.dispatch, transfer, full);
    expect(outcome).toEqual({ okIds: files.map((f) => f.fileID), failedIds: [] });
    expect(alerts).toEqual([]);
    expect(downloads.map(([, name]) => name)).toEqual(['Nordlys 2026.zip']);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      file_ids: files.map((f) => f.fileID),
      zip_filename: 'Nordlys 2026.zip',
      mode: 'download',
    });
    expect(selectDownloader(store.getState()).mode).toBe('off');
  });

  it('an album within the limits is named after the album and sends its password', async () => {
    const calls = linkServer();
    const store = createAppStore();
    const { transfer, downloads } = recorder();
    const { full } = request([file(1)], {
      kind: 'album',
      title: 'Fjellet',
      source: { jobId: 'album-1', mode: 'download', password: 'hashed' },
    });
    await downloadFilesAsArchives(store.dispatch, transfer, full);
    expect(downloads.map(([, name]) => name)).toEqual(['Fjellet.zip']);
    expect(calls[0]?.headers[ALBUM_PASSWORD_HEADER]).toBe('hashed');
  });

  it("a share's files are minted through the share, its password percent-encoded as typed", async () => {
    const calls = fakeApi({
      'POST /shares/s1/files_as_archive/link': jsonResponse({
        url: '/st/4/shares/s1/files_as_archive?t=x',
        expires: 1,
      }),
    });
    const store = createAppStore();
    const { transfer, downloads } = recorder();
    const { full } = request([file(1), file(2)], {
      source: { shareId: 's1', mode: 'download', password: 'sesam åpne' },
    });
    await downloadFilesAsArchives(store.dispatch, transfer, full);
    expect(downloads).toEqual([['/st/4/shares/s1/files_as_archive?t=x', 'Nordlys 2026.zip']]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers[SHARE_PASSWORD_HEADER]).toBe(encodeURIComponent('sesam åpne'));
    expect(calls[0]?.body).toMatchObject({ zip_filename: 'Nordlys 2026.zip', mode: 'download' });
  });

  it('a selection over 500 files: the count alert, then the downloader lists the parts; nothing downloads yet', async () => {
    const calls = linkServer();
    const store = createAppStore();
    const { transfer, downloads } = recorder();
    const files = Array.from({ length: 1001 }, (_, i) => file(i + 1));
    const { full, alerts } = request(files);
    const outcome = await downloadFilesAsArchives(store.dispatch, transfer, full);
    expect(alerts).toEqual(['tooManyFiles']);
    expect(outcome.failedIds).toEqual([]);
    expect(downloads).toEqual([]);
    expect(calls).toEqual([]);
    const state = selectDownloader(store.getState());
    expect(state.mode).toBe('max');
    expect(state.source).toEqual(full.source);
    expect(state.pages.map((p) => [p.name, p.fileIDs.length, p.clicked])).toEqual([
      ['Nordlys 2026 (1)', 500, false],
      ['Nordlys 2026 (2)', 500, false],
      ['Nordlys 2026 (3)', 1, false],
    ]);
  });

  it('an album over 3.5 GB: the album size alert, then parts of at most 3.5 GB', async () => {
    linkServer();
    const store = createAppStore();
    const { transfer } = recorder();
    const files = [file(1, 2 * GIB), file(2, 2 * GIB), file(3, GIB)];
    const { full, alerts } = request(files, { kind: 'album', title: 'Fjellet' });
    await downloadFilesAsArchives(store.dispatch, transfer, full);
    expect(alerts).toEqual(['albumTooLarge']);
    const state = selectDownloader(store.getState());
    expect(state.title).toBe('Fjellet');
    expect(state.pages.map((p) => [p.name, p.totalSize])).toEqual([
      ['Nordlys 2026 (1)', 2 * GIB],
      ['Nordlys 2026 (2)', 3 * GIB],
    ]);
  });

  it('a refused link fails every file of the archive', async () => {
    linkServer(403);
    const store = createAppStore();
    const { transfer, downloads } = recorder();
    const files = [file(1), file(2)];
    const outcome = await downloadFilesAsArchives(store.dispatch, transfer, request(files).full);
    expect(outcome).toEqual({ okIds: [], failedIds: files.map((f) => f.fileID) });
    expect(downloads).toEqual([]);
  });

  it('counts a file by its size, stored path and capture time', () => {
    expect(downloadItemOf({ ...file(7), mtime: 5 })).toEqual({
      fileID: file(7).fileID,
      size: 1000,
      path: 'Trip/IMG_7.jpg',
      takenAt: Date.UTC(2023, 5, 1) / 1000,
    });
  });
});
