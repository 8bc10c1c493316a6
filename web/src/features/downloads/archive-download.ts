import type { Dispatch } from '@reduxjs/toolkit';
import { archiveLink } from '../../api/archive.api';
import { shareArchiveLink } from '../../api/shares.api';
import type { BrowserTransfer } from '../../file-actions/browser-transfer';
import type { DownloadableFile } from '../../file-actions/file-action.types';
import {
  type DownloadItem,
  type DownloadLimitAlert,
  type DownloadPage,
  limitAlert,
  paginate,
} from './download-split';
import { type DownloadSource, downloaderActions } from './downloader.slice';

export interface ArchiveDownloadOutcome {
  okIds: string[];
  failedIds: string[];
}

/** A file as the split rules count it: its size, path, and capture time (the timeline's order). */
export const downloadItemOf = (file: DownloadableFile): DownloadItem => ({
  fileID: file.fileID,
  size: file.size ?? 0,
  path: file.path ?? file.fileName ?? '',
  takenAt: file.timestamp ?? file.mtime ?? 0,
});

/**
 * Mints one part's signed link and lets the browser follow it. A link expires in minutes, so it
 * is minted only when its part is downloaded.
 */
export async function downloadPage(
  transfer: BrowserTransfer,
  source: DownloadSource,
  page: Pick<DownloadPage, 'fileIDs' | 'name'>,
): Promise<void> {
  const zipName = `${page.name}.zip`;
  const request = { file_ids: page.fileIDs, zip_filename: zipName, mode: source.mode };
  const { url } =
    'shareId' in source
      ? await shareArchiveLink(source.shareId, request, source.password)
      : await archiveLink(source.jobId, request, { password: source.password });
  transfer.download(url, zipName);
}

export interface SplitDownloadRequest {
  source: DownloadSource;
  /** Shown by the downloader: an album's or the timeline's title; null for a selection. */
  title: string | null;
  pages: DownloadPage[];
  /** The archive's name when everything fits in one (the page's own name otherwise). */
  singleName?: string;
}

/**
 * One part goes straight to the browser. Several open the downloader (core.md §4), where each
 * part is downloaded by its own click: browsers stop a page that starts many downloads at once.
 */
export async function startPagedDownload(
  dispatch: Dispatch,
  transfer: BrowserTransfer,
  { source, title, pages, singleName }: SplitDownloadRequest,
): Promise<ArchiveDownloadOutcome> {
  const all = pages.flatMap((page) => page.fileIDs);
  const [only] = pages;
  if (pages.length === 1 && only) {
    try {
      await downloadPage(transfer, source, { fileIDs: only.fileIDs, name: singleName ?? only.name });
      return { okIds: all, failedIds: [] };
    } catch {
      return { okIds: [], failedIds: all };
    }
  }
  dispatch(downloaderActions.started({ title, source, pages }));
  return { okIds: all, failedIds: [] };
}

export interface FilesDownloadRequest {
  source: DownloadSource;
  files: readonly DownloadableFile[];
  /** A selection or a whole album: the limit alerts differ (core.md §4, §8). */
  kind: 'selection' | 'album';
  title: string | null;
  productName: string;
  year: number;
  /** Shows the limit alert (an OK dialog) and resolves once it is closed. */
  alert: (alert: DownloadLimitAlert) => Promise<void>;
}

/**
 * Several files as ZIP archives of at most 500 items and 3.5 GB each (core.md §5). Within the
 * limits, one archive downloads at once; over them, the alert says the set cannot be downloaded
 * at once, and the downloader lists its parts, named with the product name, the year and the
 * part number in brackets.
 */
export async function downloadFilesAsArchives(
  dispatch: Dispatch,
  transfer: BrowserTransfer,
  request: FilesDownloadRequest,
): Promise<ArchiveDownloadOutcome> {
  const items = request.files.map(downloadItemOf);
  const over = limitAlert(items, request.kind);
  if (over) await request.alert(over);
  return startPagedDownload(dispatch, transfer, {
    source: request.source,
    title: request.title,
    pages: paginate(items, { productName: request.productName, year: request.year }),
    singleName: request.kind === 'album' && request.title ? request.title : undefined,
  });
}
