import { addToAlbumAction } from './add-to-album.action';
import { copyImageToClipboardAction } from './copy-image-to-clipboard.action';
import { copyToTimelineAction } from './copy-to-timeline.action';
import { deleteFilesAction } from './delete-files.action';
import { downloadAction } from './download.action';
import { editPhotoAction } from './edit-photo.action';
import { exportHeicToJpegAction } from './export-heic-to-jpeg.action';
import { fileActionPorts } from './file-action.ports';
import type { FileAction, FileActionContext, FileActionId, FileActionResult } from './file-action.types';
import { permDeleteFilesAction } from './perm-delete-files.action';
import { restoreFilesAction } from './restore-files.action';
import { setAsCoverAction } from './set-as-cover.action';
import { shareAction } from './share.action';

/**
 * Every file action, in the order surfaces list them. A new action is one file in this folder
 * and one line here.
 */
export const FILE_ACTIONS: readonly FileAction[] = [
  deleteFilesAction,
  restoreFilesAction,
  permDeleteFilesAction,
  copyToTimelineAction,
  shareAction,
  addToAlbumAction,
  setAsCoverAction,
  editPhotoAction,
  copyImageToClipboardAction,
  exportHeicToJpegAction,
  downloadAction,
];

export const getFileAction = (id: FileActionId): FileAction | undefined =>
  FILE_ACTIONS.find((action) => action.id === id);

/** The actions to show for this context, each with whether it is enabled. */
export function availableFileActions(
  ctx: FileActionContext,
  actions: readonly FileAction[] = FILE_ACTIONS,
): { action: FileAction; enabled: boolean; readOnlyBlocked: boolean }[] {
  return actions
    .filter((action) => action.isVisible(ctx))
    .map((action) => {
      const enabled = action.isEnabled(ctx);
      return {
        action,
        enabled,
        readOnlyBlocked: !enabled && action.blockedForReadOnly === true && ctx.account?.isReadOnly === true,
      };
    });
}

/** The visible, enabled action a key press triggers in this context, if any. */
export function fileActionForKey(
  key: string,
  ctx: FileActionContext,
  actions: readonly FileAction[] = FILE_ACTIONS,
): FileAction | undefined {
  return actions.find(
    (action) => action.shortcut?.includes(key) && action.isVisible(ctx) && action.isEnabled(ctx),
  );
}

const CANCELLED: FileActionResult = {
  outcome: 'cancelled',
  fileIds: [],
  failedIds: [],
  clearSelection: false,
};

/**
 * The one way any surface runs an action: refuses hidden or disabled ones, asks the action's
 * confirmation, then performs it.
 */
export async function runFileAction(action: FileAction, ctx: FileActionContext): Promise<FileActionResult> {
  if (!action.isVisible(ctx) || !action.isEnabled(ctx)) return CANCELLED;
  if (action.confirm) {
    const confirmed = await fileActionPorts().confirm(ctx.dispatch, {
      preset: action.confirm.preset,
      params: action.confirm.params?.(ctx),
    });
    if (!confirmed) return CANCELLED;
  }
  return action.perform(ctx);
}
