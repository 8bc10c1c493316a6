import { setAlbumCover } from '../api/files.api';
import { isForbidden } from './bulk-call';
import { fileActionPorts } from './file-action.ports';
import type { FileAction, FileActionContext, FileActionResult } from './file-action.types';
import { isPictureFile } from './file-kind';

async function performSetCover(ctx: FileActionContext): Promise<FileActionResult> {
  const file = ctx.files[0]!;
  const ports = fileActionPorts();
  try {
    await setAlbumCover(ctx.jobId, file.fileID);
  } catch (error) {
    ports.showToast(ctx.dispatch, {
      type: 'setAlbumCoverPhotoFailed',
      jobId: ctx.jobId,
      fileIds: [file.fileID],
      action: isForbidden(error) ? undefined : { label: 'retry', onClick: () => void performSetCover(ctx) },
    });
    return { outcome: 'failed', fileIds: [], failedIds: [file.fileID], clearSelection: false };
  }
  ports.showToast(ctx.dispatch, { type: 'albumCoverPhotoSet', jobId: ctx.jobId, fileIds: [file.fileID] });
  return { outcome: 'done', fileIds: [file.fileID], failedIds: [], clearSelection: false };
}

/**
 * Makes one picture the album's cover. Only where an album's rights include
 * setFileAsAlbumCoverPhoto (core.md §2: the album page or its viewer), so never on the timeline,
 * which has no album rights; read-only users see it disabled outside shared albums (core.md §6).
 */
export const setAsCoverAction: FileAction = {
  id: 'SET_COVER',
  labelKey: 'fileMenu:actions.setAsCover',
  icon: 'cover',
  blockedForReadOnly: true,
  isVisible: (ctx) =>
    (ctx.surface === 'album' || ctx.surface === 'viewer') &&
    ctx.permissions?.setFileAsAlbumCoverPhoto === true &&
    ctx.files.length === 1 &&
    isPictureFile(ctx.files[0]!),
  isEnabled: (ctx) => ctx.account !== null && (!ctx.account.isReadOnly || ctx.albumIsShared === true),
  perform: performSetCover,
};
