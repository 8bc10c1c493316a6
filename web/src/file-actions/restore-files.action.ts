import type { BulkFileResult } from '@nordlys/contract/timeline';
import { restoreFiles } from '../api/timeline.api';
import { type BulkOutcome, bulkResult, resolveBulkToast, runInChunks } from './bulk-call';
import { emitFileActionEvent } from './file-action.events';
import { type FileActionToast, fileActionPorts } from './file-action.ports';
import type { FileAction, FileActionContext } from './file-action.types';

/**
 * Files back from the trash, by Restore in a trash list or by Undo on the file-deleted toast: the
 * restoring toast, the calls, the restored event and the toast that says how it went.
 */
export async function restoreWithToasts(
  ctx: FileActionContext,
  fileIds: string[],
  call: (part: string[]) => Promise<{ results: BulkFileResult[] }>,
  /** What the restoring toast is about (Undo names the job and the files). */
  about: Pick<FileActionToast, 'jobId' | 'fileIds'> = {},
): Promise<BulkOutcome> {
  const ports = fileActionPorts();
  const toastId = ports.showToast(ctx.dispatch, {
    type: 'restoringFiles',
    params: { count: fileIds.length },
    ...about,
  });
  const outcome = await runInChunks(fileIds, call);
  if (outcome.okIds.length > 0) {
    emitFileActionEvent({ kind: 'restored', jobId: ctx.jobId, fileIds: outcome.okIds });
  }
  resolveBulkToast(ctx, toastId, outcome, { done: 'filesWereRestored', failed: 'filesRestorationFailed' });
  return outcome;
}

/** Brings trashed files back (trash lists); read-only users may not (core.md §6). */
export const restoreFilesAction: FileAction = {
  id: 'RESTORE',
  labelKey: 'fileActions:labels.restore',
  icon: 'restore',
  blockedForReadOnly: true,
  isVisible: (ctx) => ctx.surface === 'trash' && ctx.files.length > 0 && ctx.account !== null,
  isEnabled: (ctx) => ctx.account !== null && !ctx.account.isReadOnly,
  async perform(ctx) {
    const ids = ctx.files.map((file) => file.fileID);
    emitFileActionEvent({ kind: 'trashProcessing', fileIds: ids, processing: 'restoring' });
    const outcome = await restoreWithToasts(ctx, ids, restoreFiles);
    // core.md §9: restored files that do not fit open the not-enough-storage popup.
    if (outcome.outOfStorageIds.length > 0) fileActionPorts().notEnoughStorage?.(ctx.dispatch, 'restore');
    return bulkResult(outcome, { clearSelection: true });
  },
};
