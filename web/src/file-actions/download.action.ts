import type { Dispatch } from '@reduxjs/toolkit';
import { browserTransfer } from './browser-transfer';
import { outcomeOf } from './bulk-call';
import { fileActionPorts } from './file-action.ports';
import type { FileAction, FileActionContext, FileActionFile, FileActionResult } from './file-action.types';

/** Between sequential downloads, so the browser keeps every one of them. */
export const DOWNLOAD_GAP_MS = 400;

/**
 * Saves each file's bytes through its signed URL, one after another. Used by the download and
 * export actions; the download action packs several files into archives instead.
 */
export async function downloadEach(
  ctx: FileActionContext,
  urlOf: (file: FileActionFile) => string | null,
  nameOf: (file: FileActionFile) => string,
): Promise<FileActionResult> {
  const transfer = browserTransfer();
  const okIds: string[] = [];
  const failedIds: string[] = [];
  for (const file of ctx.files) {
    const url = urlOf(file);
    if (!url) {
      failedIds.push(file.fileID);
      continue;
    }
    try {
      if (okIds.length > 0) await transfer.pause(DOWNLOAD_GAP_MS);
      transfer.download(url, nameOf(file));
      okIds.push(file.fileID);
    } catch {
      failedIds.push(file.fileID);
    }
  }
  return finished(ctx, okIds, failedIds);
}

/** The result of a download, the failed ones reported. */
function finished(ctx: FileActionContext, okIds: string[], failedIds: string[]): FileActionResult {
  reportFailed(ctx.dispatch, failedIds);
  return {
    outcome: outcomeOf(okIds.length, failedIds.length),
    fileIds: okIds,
    failedIds,
    clearSelection: true,
  };
}

/** Reports the files that could not be downloaded (core.md §8 filesDownloadFailed). */
export function reportFailed(dispatch: Dispatch, failedIds: readonly string[]): void {
  if (failedIds.length === 0) return;
  fileActionPorts().showToast(dispatch, {
    type: 'filesDownloadFailed',
    params: { count: failedIds.length },
    fileIds: [...failedIds],
  });
}

/**
 * Downloads the original files (core.md §2 File context menu, Documents page): one file
 * directly through its signed URL, several as ZIP archives split by the download limits.
 */
export const downloadAction: FileAction = {
  id: 'DOWNLOAD',
  labelKey: 'fileMenu:actions.download',
  icon: 'download',
  isVisible: (ctx) => ctx.surface !== 'trash' && ctx.files.length > 0,
  isEnabled: (ctx) => ctx.files.every((file) => Boolean(file.previewURL)),
  perform: async (ctx) => {
    const archives = fileActionPorts().downloadArchives;
    if (ctx.files.length < 2 || !archives) {
      return downloadEach(
        ctx,
        (file) => file.previewURL ?? null,
        (file) => file.fileName,
      );
    }
    const done = await archives(ctx.dispatch, {
      from: { jobId: ctx.jobId },
      files: ctx.files,
      kind: 'selection',
    });
    return finished(ctx, done.okIds, done.failedIds);
  },
};
