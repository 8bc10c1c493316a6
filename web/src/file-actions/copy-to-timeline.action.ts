import { keepAlbumFiles } from '../api/album-files.api';
import { chunk, copyFilesToTimeline } from '../api/timeline.api';
import { bulkResult, resolveBulkToast } from './bulk-call';
import { type CopyFailureReason, copyFailureReason } from './copy-failure';
import { emitFileActionEvent } from './file-action.events';
import { fileActionPorts } from './file-action.ports';
import type { FileAction } from './file-action.types';

/**
 * Saves files shown in an album or share into the user's own timeline. The selection stays
 * (core.md §2: every action but copy clears it).
 */
export const copyToTimelineAction: FileAction = {
  id: 'COPY_TO_TIMELINE',
  labelKey: 'fileActions:labels.copyToTimeline',
  icon: 'copy-to-timeline',
  blockedForReadOnly: true,
  isVisible: (ctx) =>
    (ctx.surface === 'album' || ctx.surface === 'share' || (ctx.surface === 'viewer' && !ctx.isJobOwner)) &&
    ctx.files.length > 0 &&
    ctx.account !== null,
  isEnabled: (ctx) => ctx.account !== null && !ctx.account.isReadOnly,
  async perform(ctx) {
    const ports = fileActionPorts();
    const ids = ctx.files.map((file) => file.fileID);
    const toastId = ports.showToast(ctx.dispatch, { type: 'copyingFiles', params: { count: ids.length } });
    const okIds: string[] = [];
    const failedIds: string[] = [];
    let failureReason: CopyFailureReason | undefined;
    for (const part of chunk(ids)) {
      try {
        // An album's files are kept through the album (keep-files), which checks the album's rights.
        const reply =
          ctx.surface === 'album' ? await keepAlbumFiles(ctx.jobId, part) : await copyFilesToTimeline(part);
        okIds.push(...reply.copied.map((copy) => copy.from));
        failedIds.push(...reply.failed.map((failure) => failure.id));
        if (reply.failed.length > 0) failureReason ??= 'unknown';
      } catch (error) {
        failedIds.push(...part);
        // A batch that does not fit is refused whole (413); that reason outweighs any other.
        const reason = copyFailureReason(error);
        failureReason = reason === 'out_of_storage' ? reason : (failureReason ?? reason);
      }
    }
    if (okIds.length > 0) emitFileActionEvent({ kind: 'copiedToTimeline', fileIds: okIds });
    if (failureReason === 'out_of_storage') ports.notEnoughStorage?.(ctx.dispatch, 'add');
    resolveBulkToast(
      ctx,
      toastId,
      { okIds, failedIds },
      { done: 'filesCopiedToTimeline', failed: 'filesCopiedToTimelineFailed' },
    );
    return bulkResult(
      { okIds, failedIds },
      { clearSelection: false, ...(failureReason ? { failureReason } : {}) },
    );
  },
};
