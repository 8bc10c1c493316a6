import { deleteFiles, rollbackFiles } from '../api/timeline.api';
import { bulkResult, isForbidden, runInChunks } from './bulk-call';
import { emitFileActionEvent } from './file-action.events';
import { fileActionPorts } from './file-action.ports';
import type { FileAction, FileActionContext, FileActionResult } from './file-action.types';
import { restoreWithToasts } from './restore-files.action';

const canDeleteAll = (ctx: FileActionContext): boolean => {
  if (!ctx.account) return false;
  if (ctx.isJobOwner || ctx.permissions?.deleteFile) return true;
  // core.md §6: an uploader may delete their own files anywhere.
  const userId = ctx.account.userId;
  return ctx.files.every((file) => file.user_uuid === userId);
};

async function performDelete(ctx: FileActionContext): Promise<FileActionResult> {
  const ports = fileActionPorts();
  const ids = ctx.files.map((file) => file.fileID);
  const toastId = ports.showToast(ctx.dispatch, {
    type: 'deletingFiles',
    params: { count: ids.length },
    jobId: ctx.jobId,
    fileIds: ids,
  });
  const { okIds, failedIds, error } = await runInChunks(ids, (part) => deleteFiles(ctx.jobId, part));
  if (okIds.length > 0) emitFileActionEvent({ kind: 'removed', jobId: ctx.jobId, fileIds: okIds });

  if (failedIds.length === 0) {
    ports.resolveToast(ctx.dispatch, toastId, {
      type: 'filesDeleted',
      params: { count: okIds.length },
      // core.md §6: only the owner gets Undo on the file-deleted toast.
      action: ctx.isJobOwner ? { label: 'undo', onClick: () => void undoDelete(ctx, okIds) } : undefined,
    });
  } else {
    const failedFiles = ctx.files.filter((file) => failedIds.includes(file.fileID));
    ports.resolveToast(ctx.dispatch, toastId, {
      type: 'filesDeletionFailed',
      params: { count: failedIds.length },
      action: isForbidden(error)
        ? undefined
        : { label: 'retry', onClick: () => void performDelete({ ...ctx, files: failedFiles }) },
    });
  }
  return bulkResult({ okIds, failedIds }, { clearSelection: true });
}

// The Undo goes through multi_rollback, limited to the job the files were just deleted from.
const undoDelete = (ctx: FileActionContext, fileIds: string[]) =>
  restoreWithToasts(ctx, fileIds, (part) => rollbackFiles(ctx.jobId, part), { jobId: ctx.jobId, fileIds });

/** Moves files to the trash, with Undo for the job owner (core.md §4 File deletion, §8). */
export const deleteFilesAction: FileAction = {
  id: 'DELETE',
  labelKey: 'fileActions:labels.delete',
  icon: 'trash',
  shortcut: ['Delete', 'Backspace'],
  isVisible: (ctx) => ctx.surface !== 'trash' && ctx.files.length > 0 && canDeleteAll(ctx),
  isEnabled: (ctx) => ctx.account !== null,
  confirm: { preset: 'deleteFile', params: (ctx) => ({ count: ctx.files.length }) },
  perform: performDelete,
};
