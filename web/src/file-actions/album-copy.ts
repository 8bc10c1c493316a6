import type { Dispatch } from '@reduxjs/toolkit';
import { keepAlbumFiles, keepAllAlbumFiles } from '../api/album-files.api';
import { fetchFile } from '../api/files.api';
import { requestFilesDedup } from '../api/upload.api';
import { outcomeOf } from './bulk-call';
import { emitFileActionEvent } from './file-action.events';
import { fileActionPorts } from './file-action.ports';
import type { FileActionFile, FileActionResult } from './file-action.types';

/** What files_dedup needs; the grid's records lack path and checksum, so those come from files_by_id. */
interface LinkableFile {
  path: string;
  checksum: string;
  mtime: number;
}

async function linkable(file: FileActionFile): Promise<LinkableFile> {
  if (file.path && file.checksum && typeof file.mtime === 'number') {
    return { path: file.path, checksum: file.checksum, mtime: file.mtime };
  }
  const record = await fetchFile(file.jobID, file.fileID);
  return { path: record.path, checksum: record.checksum, mtime: record.mtime };
}

/**
 * Adds files the user already has to an album: one files_dedup per file, so no bytes move. Reports
 * filesCopiedToAlbum (with a link to the album) or filesCopiedToAlbumFailed.
 */
export async function copyFilesToAlbum(
  dispatch: Dispatch,
  albumId: string,
  files: readonly FileActionFile[],
  options: { toast?: boolean } = {},
): Promise<FileActionResult> {
  const okIds: string[] = [];
  const failedIds: string[] = [];
  for (const file of files) {
    try {
      const reply = await requestFilesDedup(albumId, { ...(await linkable(file)), policy: 'no_duplicates' });
      // Not among the user's contents: there is nothing to link without the bytes.
      if (reply.status === 'upload_required') throw new Error('upload required');
      okIds.push(file.fileID);
    } catch {
      failedIds.push(file.fileID);
    }
  }
  if (options.toast !== false) {
    const ports = fileActionPorts();
    const openAlbum = ports.openAlbum;
    ports.showToast(
      dispatch,
      failedIds.length === 0
        ? {
            type: 'filesCopiedToAlbum',
            params: { count: okIds.length },
            jobId: albumId,
            action: openAlbum ? { label: 'openAlbum', onClick: () => openAlbum(albumId) } : undefined,
          }
        : { type: 'filesCopiedToAlbumFailed', params: { count: failedIds.length }, jobId: albumId },
    );
  }
  return {
    outcome: outcomeOf(okIds.length, failedIds.length),
    fileIds: okIds,
    failedIds,
    clearSelection: true,
  };
}

/** keep-all-files: the whole album into the caller's timeline (jobCopiedToTimeline or its failure). */
export async function copyAlbumToTimeline(dispatch: Dispatch, albumId: string): Promise<boolean> {
  const ports = fileActionPorts();
  const toastId = ports.showToast(dispatch, { type: 'copyingFiles', jobId: albumId });
  try {
    await keepAllAlbumFiles(albumId);
  } catch {
    ports.resolveToast(dispatch, toastId, { type: 'jobCopiedToTimelineFailed', jobId: albumId });
    return false;
  }
  emitFileActionEvent({ kind: 'copiedToTimeline', fileIds: [] });
  ports.resolveToast(dispatch, toastId, { type: 'jobCopiedToTimeline', jobId: albumId });
  return true;
}

/** keep-files for one album file: it is copied into the caller's timeline (filesCopiedToTimeline or its failure). */
export async function copyAlbumFileToTimeline(
  dispatch: Dispatch,
  albumId: string,
  fileId: string,
): Promise<boolean> {
  const ports = fileActionPorts();
  const toastId = ports.showToast(dispatch, { type: 'copyingFiles', jobId: albumId });
  try {
    await keepAlbumFiles(albumId, [fileId]);
  } catch {
    ports.resolveToast(dispatch, toastId, {
      type: 'filesCopiedToTimelineFailed',
      params: { count: 1 },
      fileIds: [fileId],
    });
    return false;
  }
  emitFileActionEvent({ kind: 'copiedToTimeline', fileIds: [fileId] });
  ports.resolveToast(dispatch, toastId, {
    type: 'filesCopiedToTimeline',
    params: { count: 1 },
    fileIds: [fileId],
  });
  return true;
}
