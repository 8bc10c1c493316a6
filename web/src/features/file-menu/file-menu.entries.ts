import { availableFileActions, FILE_ACTIONS } from '../../file-actions/file-action.registry';
import type { FileAction, FileActionContext, FileActionId } from '../../file-actions/file-action.types';

/**
 * core.md §2 File context menu order: set as cover, delete, copy to clipboard, export, download;
 * the photo editor (account.md §2) opens from the menu too.
 */
export const FILE_MENU_ORDER: readonly FileActionId[] = [
  'SET_COVER',
  'EDIT',
  'DELETE',
  'COPY_TO_CLIPBOARD',
  'EXPORT',
  'DOWNLOAD',
  'COPY_TO_TIMELINE',
  'RESTORE',
  'PERM_DELETE',
];

const DANGER: ReadonlySet<FileActionId> = new Set(['DELETE', 'PERM_DELETE']);

export interface FileMenuEntry {
  action: FileAction;
  enabled: boolean;
  readOnlyBlocked: boolean;
  danger: boolean;
}

/** The menu's entries for this context: visible actions in menu order, minus any the surface shows elsewhere. */
export function fileMenuEntries(
  ctx: FileActionContext,
  exclude: readonly FileActionId[] = [],
  actions: readonly FileAction[] = FILE_ACTIONS,
): FileMenuEntry[] {
  const ordered = FILE_MENU_ORDER.flatMap((id) => {
    const action = actions.find((candidate) => candidate.id === id);
    return action && !exclude.includes(id) ? [action] : [];
  });
  return availableFileActions(ctx, ordered).map((entry) => ({
    ...entry,
    danger: DANGER.has(entry.action.id),
  }));
}
