import { restoreFiles } from '../api/timeline.api';
import { outcomeOf, runInChunks } from './bulk-call';
import { emitFileActionEvent } from './file-action.events';
import { fileActionPorts } from './file-action.ports';
import type { FileAction } from './file-action.types';

/** Brings trashed files back (trash lists); read-only users may not (core.md §6). */
export const restoreFilesAction: FileAction = {
  id: 'RESTORE',
  labelKey: 'fileActions:labels.restore',
  icon: 'restore',
  blockedForReadOnly: true,
  isVisible: (ctx) => ctx.surface === 'trash' && ctx.files.length > 0 && ctx.account !== null,
  isEnabled: (ctx) => ctx.account !== null && !ctx.account.isReadOnly,
  async perform(ctx) {
    const ports = fileActionPorts();
    const ids = ctx.files.map((file) => file.fileID);
    emitFileActionEvent({ kind: 'trashProcessing', fileIds: ids, processing: 'restoring' });
    const toastId = ports.showToast(ctx.dispatch, { type: 'restoringFiles', params: { count: ids.length } });
    const { okIds, failedIds, outOfStorageIds } = await runInChunks(ids, restoreFiles);
    if (okIds.length > 0) emitFileActionEvent({ kind: 'restored', jobId: ctx.jobId, fileIds: okIds });
    // core.md §9: restored files that do not fit open the not-enough-storage popup.
    if (outOfStorageIds.length > 0) ports.notEnoughStorage?.(ctx.dispatch, 'restore');
    ports.resolveToast(
      ctx.dispatch,
      toastId,
      failedIds.length === 0
        ? { type: 'filesWereRestored', params: { count: okIds.length } }
        : { type: 'filesRestorationFailed', params: { count: failedIds.length } },
    );
    return {
      outcome: outcomeOf(okIds.length, failedIds.length),
      fileIds: okIds,
      failedIds,
      clearSelection: true,
    };
  },
};
