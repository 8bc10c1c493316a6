import { copyFilesToAlbum } from './album-copy';
import { fileActionPorts } from './file-action.ports';
import type { FileAction, FileActionResult } from './file-action.types';

const CANCELLED: FileActionResult = {
  outcome: 'cancelled',
  fileIds: [],
  failedIds: [],
  clearSelection: false,
};

/**
 * "Add to album" from a timeline selection: the album picker, then the files linked into the chosen
 * album; the New album tile starts album creation with them. Needs sign-in, blocked for read-only
 * users (core.md §6).
 */
export const addToAlbumAction: FileAction = {
  id: 'ADD_TO_ALBUM',
  labelKey: 'fileActions:labels.addToAlbum',
  icon: 'album',
  blockedForReadOnly: true,
  isVisible: (ctx) =>
    (ctx.surface === 'timeline' || (ctx.surface === 'viewer' && ctx.isJobOwner)) &&
    ctx.files.length > 0 &&
    ctx.account !== null,
  isEnabled: (ctx) => ctx.account !== null && !ctx.account.isReadOnly,
  async perform(ctx) {
    const ports = fileActionPorts();
    const choice = await ports.pickAlbum?.(ctx.dispatch, ctx.surface === 'timeline' ? null : ctx.jobId);
    if (!choice) return CANCELLED;
    if (choice.kind === 'new') {
      ports.createAlbumWith?.(
        ctx.dispatch,
        ctx.files.map((file) => file.fileID),
      );
      return { ...CANCELLED, outcome: 'done', clearSelection: true };
    }
    return copyFilesToAlbum(ctx.dispatch, choice.albumId, ctx.files);
  },
};
