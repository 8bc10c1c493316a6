import { fileActionPorts } from './file-action.ports';
import type { FileAction, FileActionContext } from './file-action.types';
import { isPictureFile } from './file-kind';

/** The job's owner, or whoever uploaded the file, may make an edited copy of it beside the original. */
const mayChange = (ctx: FileActionContext): boolean => {
  const file = ctx.files[0];
  if (!file || !ctx.account) return false;
  return ctx.isJobOwner || file.user_uuid === ctx.account.userId;
};

/**
 * Opens the photo editor (account.md §2) on one picture the user may change: never on videos or
 * documents, nor in the trash or on a share. Read-only users see it disabled with the subscribe
 * tooltip, as saving is an upload (core.md §6).
 */
export const editPhotoAction: FileAction = {
  id: 'EDIT',
  labelKey: 'fileMenu:actions.edit',
  icon: 'edit',
  blockedForReadOnly: true,
  isVisible: (ctx) =>
    (ctx.surface === 'viewer' || ctx.surface === 'timeline' || ctx.surface === 'album') &&
    ctx.files.length === 1 &&
    isPictureFile(ctx.files[0]!) &&
    mayChange(ctx),
  isEnabled: (ctx) => ctx.account !== null && !ctx.account.isReadOnly,
  perform: async (ctx) => {
    const file = ctx.files[0]!;
    fileActionPorts().openEditor?.(file, ctx.jobId);
    return { outcome: 'done', fileIds: [file.fileID], failedIds: [], clearSelection: false };
  },
};
