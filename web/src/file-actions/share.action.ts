import { fileActionPorts } from './file-action.ports';
import type { FileAction } from './file-action.types';

/**
 * Share from a selection or the viewer (core.md §2 share dialog): the dialog makes the link;
 * filesWereShared when a link was made, shareCreationFailed when none came back. Blocked for
 * read-only users (core.md §6); a signed-out visitor may share one file by its direct link.
 */
export const shareAction: FileAction = {
  id: 'SHARE',
  labelKey: 'fileActions:labels.share',
  icon: 'share',
  blockedForReadOnly: true,
  isVisible: (ctx) =>
    (ctx.surface === 'timeline' || (ctx.surface === 'viewer' && ctx.isJobOwner)) && ctx.files.length > 0,
  isEnabled: (ctx) => ctx.account === null || !ctx.account.isReadOnly,
  async perform(ctx) {
    const ports = fileActionPorts();
    const outcome = (await ports.share?.(ctx.dispatch, ctx.files, ctx.account !== null)) ?? 'cancelled';
    const ids = ctx.files.map((file) => file.fileID);
    if (outcome === 'shared') ports.showToast(ctx.dispatch, { type: 'filesWereShared' });
    if (outcome === 'failed') ports.showToast(ctx.dispatch, { type: 'shareCreationFailed' });
    return {
      outcome: outcome === 'shared' ? 'done' : outcome,
      fileIds: outcome === 'shared' ? ids : [],
      failedIds: outcome === 'failed' ? ids : [],
      clearSelection: outcome === 'shared',
    };
  },
};
