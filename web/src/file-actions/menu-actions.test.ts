import type { Dispatch } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BrowserTransfer, setBrowserTransfer } from './browser-transfer';
import { copyImageToClipboardAction } from './copy-image-to-clipboard.action';
import { downloadAction } from './download.action';
import { exportHeicToJpegAction } from './export-heic-to-jpeg.action';
import { type FileActionToast, setFileActionPorts } from './file-action.ports';
import { runFileAction } from './file-action.registry';
import type { FileActionContext, FileActionFile } from './file-action.types';
import { toJpegUrl } from './file-kind';
import { fileRecord } from './file-record.test-data';
import { setAsCoverAction } from './set-as-cover.action';

const dispatch = vi.fn() as unknown as Dispatch;
let toasts: FileActionToast[] = [];
let transfer: BrowserTransfer & { downloads: [string, string][]; copies: string[] };

const ctx = (files: FileActionFile[], extra: Partial<FileActionContext> = {}): FileActionContext => ({
  surface: 'timeline',
  jobId: 'job-1',
  files,
  account: { userId: 'user-1', isReadOnly: false },
  isJobOwner: true,
  dispatch,
  ...extra,
});

const picture = fileRecord('p');
const heic = fileRecord('h', { fileName: 'IMG_0001.HEIC', path: 'IMG_0001.HEIC' });
const movie = fileRecord('m', { fileName: 'clip.mp4', duration: 3, file_type: 'Movies' });
const pdf = fileRecord('d', {
  fileName: 'report.pdf',
  file_type: 'Documents',
  thumbURLLarge: null,
  thumbURLSmall: null,
});

beforeEach(() => {
  toasts = [];
  setFileActionPorts({
    confirm: async () => true,
    showToast: (_dispatch, toast) => {
      toasts.push(toast);
      return `t${toasts.length}`;
    },
    resolveToast: (_dispatch, _id, toast) => void toasts.push(toast),
  });
  const downloads: [string, string][] = [];
  const copies: string[] = [];
  transfer = {
    downloads,
    copies,
    download: (url, name) => void downloads.push([url, name]),
    copyImage: async (url) => void copies.push(url),
    pause: async () => undefined,
  };
  setBrowserTransfer(transfer);
});

afterEach(() => {
  setFileActionPorts(null);
  setBrowserTransfer(null);
  vi.unstubAllGlobals();
});

describe('download', () => {
  it('one file: its signed preview URL under its own name', async () => {
    const result = await runFileAction(downloadAction, ctx([pdf], { surface: 'documents' }));
    expect(transfer.downloads).toEqual([[pdf.previewURL, 'report.pdf']]);
    expect(result).toMatchObject({ outcome: 'done', fileIds: ['d'], clearSelection: true });
    expect(toasts).toEqual([]);
  });

  it('several files: one download after another', async () => {
    await runFileAction(downloadAction, ctx([picture, movie, pdf]));
    expect(transfer.downloads.map(([, name]) => name)).toEqual(['p.jpg', 'clip.mp4', 'report.pdf']);
  });

  it('a file without a URL fails with the download-failed toast; hidden in the trash', async () => {
    const broken = fileRecord('x', { previewURL: null });
    const result = await downloadAction.perform(ctx([picture, broken]));
    expect(result).toMatchObject({ outcome: 'partial', failedIds: ['x'] });
    expect(toasts).toEqual([expect.objectContaining({ type: 'filesDownloadFailed', params: { count: 1 } })]);
    expect(downloadAction.isEnabled(ctx([broken]))).toBe(false);
    expect(downloadAction.isVisible(ctx([picture], { surface: 'trash' }))).toBe(false);
  });
});

describe('export HEIC to JPEG', () => {
  it('shown for HEIC files only', () => {
    expect(exportHeicToJpegAction.isVisible(ctx([heic]))).toBe(true);
    expect(exportHeicToJpegAction.isVisible(ctx([picture]))).toBe(false);
    expect(exportHeicToJpegAction.isVisible(ctx([heic, picture]))).toBe(false);
  });

  it('downloads the server JPEG rendering (to_jpeg=1) with a .jpg name', async () => {
    await runFileAction(exportHeicToJpegAction, ctx([heic]));
    const [[url, name]] = transfer.downloads as [[string, string]];
    expect(name).toBe('IMG_0001.jpg');
    expect(url).toBe(`${heic.previewURL}&to_jpeg=1`);
  });

  it('to_jpeg is added once to absolute and relative URLs', () => {
    expect(toJpegUrl('https://x.example/p?exp=1&sig=a')).toBe('https://x.example/p?exp=1&sig=a&to_jpeg=1');
    expect(toJpegUrl('/p?exp=1&to_jpeg=1')).toBe('/p?exp=1&to_jpeg=1');
  });
});

describe('copy image to clipboard', () => {
  it('images only, one at a time', () => {
    expect(copyImageToClipboardAction.isVisible(ctx([picture]))).toBe(true);
    expect(copyImageToClipboardAction.isVisible(ctx([movie]))).toBe(false);
    expect(copyImageToClipboardAction.isVisible(ctx([pdf]))).toBe(false);
    expect(copyImageToClipboardAction.isVisible(ctx([picture, heic]))).toBe(false);
  });

  it('copies the large thumbnail and says so', async () => {
    const result = await runFileAction(copyImageToClipboardAction, ctx([picture]));
    expect(transfer.copies).toEqual([picture.thumbURLLarge]);
    expect(result.outcome).toBe('done');
    expect(toasts).toEqual([expect.objectContaining({ type: 'imageCopiedToClipboard' })]);
  });

  it('a refused clipboard shows the failure toast', async () => {
    transfer.copyImage = async () => {
      throw new Error('NotAllowedError');
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const result = await runFileAction(copyImageToClipboardAction, ctx([picture]));
    expect(result.outcome).toBe('failed');
    expect(toasts).toEqual([expect.objectContaining({ type: 'imageCopyToClipboardFailed' })]);
    expect(warn).toHaveBeenCalled();
  });
});

describe('set as cover', () => {
  const album = (can: boolean, extra: Partial<FileActionContext> = {}) =>
    ctx([picture], {
      surface: 'album',
      isJobOwner: false,
      permissions: { setFileAsAlbumCoverPhoto: can },
      ...extra,
    });

  it('never on the timeline; in an album only with the permission', () => {
    expect(setAsCoverAction.isVisible(ctx([picture]))).toBe(false);
    expect(setAsCoverAction.isVisible(ctx([picture], { surface: 'viewer' }))).toBe(false);
    expect(setAsCoverAction.isVisible(album(true))).toBe(true);
    expect(setAsCoverAction.isVisible(album(true, { surface: 'viewer' }))).toBe(true);
    expect(setAsCoverAction.isVisible(album(false))).toBe(false);
    expect(setAsCoverAction.isVisible(album(true, { files: [movie] }))).toBe(false);
  });

  it('disabled for a read-only user outside shared albums only', () => {
    const readOnly = { account: { userId: 'u', isReadOnly: true } };
    expect(setAsCoverAction.isEnabled(album(true, readOnly))).toBe(false);
    expect(setAsCoverAction.isEnabled(album(true, { ...readOnly, albumIsShared: false }))).toBe(false);
    expect(setAsCoverAction.isEnabled(album(true, { ...readOnly, albumIsShared: true }))).toBe(true);
    expect(setAsCoverAction.isEnabled(album(true))).toBe(true);
    expect(setAsCoverAction.isEnabled(album(true, { account: null, albumIsShared: true }))).toBe(false);
  });

  it('posts the cover and reports success, or failure with a retry', async () => {
    const calls: { url: string; body: unknown }[] = [];
    let status = 200;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(status === 200 ? '{}' : '{"error":"x"}', { status });
      }),
    );
    await runFileAction(setAsCoverAction, album(true));
    expect(calls[0]!.url).toContain('/st/4/jobs/job-1/cover');
    expect(calls[0]!.body).toEqual({ id: 'p' });
    expect(toasts.at(-1)).toMatchObject({ type: 'albumCoverPhotoSet' });

    status = 500;
    await runFileAction(setAsCoverAction, album(true));
    const failed = toasts.at(-1)!;
    expect(failed).toMatchObject({ type: 'setAlbumCoverPhotoFailed', action: { label: 'retry' } });
    status = 200;
    failed.action!.onClick();
    await vi.waitFor(() => expect(toasts.at(-1)).toMatchObject({ type: 'albumCoverPhotoSet' }));
  });
});
