import { chunk, copyFilesToTimeline } from '../api/timeline.api';
import { outcomeOf } from './bulk-call';
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
    for (const part of chunk(ids)) {
      try {
        const reply = await copyFilesToTimeline(part);
        okIds.push(...reply.copied.map((copy) => copy.from));
        failedIds.push(...reply.failed.map((failure) => failure.id));
      } catch {
        failedIds.push(...part);
      }
    }
    if (okIds.length > 0) emitFileActionEvent({ kind: 'copiedToTimeline', fileIds: okIds });
    ports.resolveToast(
      ctx.dispatch,
      toastId,
      failedIds.length === 0
        ? { type: 'filesCopiedToTimeline', params: { count: okIds.length } }
        : { type: 'filesCopiedToTimelineFailed', params: { count: failedIds.length } },
    );
    return {
      outcome: outcomeOf(okIds.length, failedIds.length),
      fileIds: okIds,
      failedIds,
      clearSelection: false,
    };
  },
};
