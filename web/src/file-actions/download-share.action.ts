import type { Dispatch } from '@reduxjs/toolkit';
import { browserTransfer } from './browser-transfer';
import { outcomeOf } from './bulk-call';
import { reportFailed } from './download.action';
import { fileActionPorts } from './file-action.ports';
import type { DownloadableFile, FileActionOutcome } from './file-action.types';

export interface ShareToDownload {
  id: string;
  /** A password share's password as the visitor typed it. */
  password: string | null;
}

/**
 * The share receiver's download file / download all (core.md §2): one file straight through its
 * signed URL; several as ZIP archives of the share, split by the download limits like a
 * selection. Files that could not be downloaded are reported (core.md §8 filesDownloadFailed).
 */
export async function downloadShare(
  dispatch: Dispatch,
  share: ShareToDownload,
  files: readonly DownloadableFile[],
): Promise<FileActionOutcome> {
  const [only] = files;
  if (!only) return 'cancelled';
  const archives = fileActionPorts().downloadArchives;
  if (files.length === 1 || !archives) {
    const failedIds: string[] = [];
    const transfer = browserTransfer();
    for (const file of files) {
      if (file.previewURL) transfer.download(file.previewURL, file.fileName ?? file.path ?? '');
      else failedIds.push(file.fileID);
    }
    reportFailed(dispatch, failedIds);
    return outcomeOf(files.length - failedIds.length, failedIds.length);
  }
  const done = await archives(dispatch, {
    from: { shareId: share.id },
    files,
    kind: 'selection',
    password: share.password,
  });
  reportFailed(dispatch, done.failedIds);
  return outcomeOf(done.okIds.length, done.failedIds.length);
}
