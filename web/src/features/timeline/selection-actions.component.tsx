import { useCallback, useLayoutEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import {
  availableFileActions,
  fileActionForKey,
  runFileAction,
} from '../../file-actions/file-action.registry';
import type { FileAction, FileActionContext } from '../../file-actions/file-action.types';
import { isDialogOpen, isTypingTarget } from './keyboard-target';
import { selectionActions } from './selection.slice';
import { SelectionToolbar } from './selection-toolbar.component';

export interface SelectionActionsProps {
  count: number;
  fetchingRange: boolean;
  shiftHint: boolean;
  /** The selected files and who acts on them, read when an action is listed or run. */
  actionContext: () => FileActionContext | null;
}

/**
 * The selection toolbar with the file actions and their keyboard shortcuts. Mounted while files
 * are selected; the timeline fetches it after its first paint, so the actions are not part of
 * what the first visit waits for.
 */
export function SelectionActions({ count, fetchingRange, shiftHint, actionContext }: SelectionActionsProps) {
  const dispatch = useDispatch();
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (action: FileAction) => {
      const ctx = actionContext();
      if (!ctx || ctx.files.length === 0) return;
      setBusy(true);
      try {
        const result = await runFileAction(action, ctx);
        if (result.outcome !== 'cancelled' && result.clearSelection) dispatch(selectionActions.cleared());
      } finally {
        setBusy(false);
      }
    },
    [actionContext, dispatch],
  );

  // The action shortcuts (Delete...); Escape and Ctrl/Cmd+A belong to the timeline. Listened for
  // from the commit that shows the toolbar (a layout effect): a passive effect runs after the next
  // frame, and a key pressed as soon as the toolbar appeared was lost.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target) || isDialogOpen() || event.key === 'Escape') return;
      if ((event.key === 'a' || event.key === 'A') && (event.ctrlKey || event.metaKey)) return;
      const ctx = actionContext();
      const action = ctx ? fileActionForKey(event.key, ctx) : undefined;
      if (action) {
        event.preventDefault();
        void run(action);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [actionContext, run]);

  const ctx = actionContext();
  return (
    <SelectionToolbar
      count={count}
      actions={ctx ? availableFileActions(ctx) : []}
      fetchingRange={fetchingRange}
      shiftHint={shiftHint}
      busy={busy}
      onRun={(action) => void run(action)}
      onClear={() => dispatch(selectionActions.cleared())}
    />
  );
}
