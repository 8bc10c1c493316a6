import { emptyTrash } from '../api/timeline.api';
import { bulkResult, runInChunks } from './bulk-call';
import { emitFileActionEvent } from './file-action.events';
import { fileActionPorts } from './file-action.ports';
import type { FileAction } from './file-action.types';

/** Deletes trashed files for good; only offered in the trash. */
export const permDeleteFilesAction: FileAction = {
  id: 'PERM_DELETE',
  labelKey: 'fileActions:labels.permDelete',
  icon: 'delete-forever',
  shortcut: ['Delete'],
  isVisible: (ctx) => ctx.surface === 'trash' && ctx.files.length > 0 && ctx.account !== null,
  isEnabled: (ctx) => ctx.account !== null,
  confirm: { preset: 'deleteForever', params: (ctx) => ({ count: ctx.files.length }) },
  async perform(ctx) {
    const ports = fileActionPorts();
    const ids = ctx.files.map((file) => file.fileID);
    emitFileActionEvent({ kind: 'trashProcessing', fileIds: ids, processing: 'deleting' });
    const { okIds, failedIds } = await runInChunks(ids, emptyTrash);
    if (okIds.length > 0) emitFileActionEvent({ kind: 'permanentlyDeleted', fileIds: okIds });
    const toast =
      failedIds.length === 0
        ? ({ type: 'trashFilesDeleted', params: { count: okIds.length } } as const)
        : ({ type: 'trashFilesDeletionFailed', params: { count: failedIds.length } } as const);
    ports.showToast(ctx.dispatch, toast);
    return bulkResult({ okIds, failedIds }, { clearSelection: true });
  },
};
