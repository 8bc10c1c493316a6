import { useEffect } from 'react';
import { useFileActionAccount } from '../features/account/use-file-action-account';
import type { SelectionTimelineProps } from '../features/album-creation/album-creation.slots';
import { selectionActions } from '../features/timeline/selection.slice';
import { TimelinePage } from '../features/timeline/timeline-page.component';
import { useAppDispatch } from '../state/hooks';

/** The timeline in picking mode, lent to album creation and the external photo selection. */
export function SelectionTimeline({
  max,
  initialSelection,
  onLimitReached,
  renderBar,
  onUpload,
}: SelectionTimelineProps) {
  const dispatch = useAppDispatch();
  const account = useFileActionAccount();
  useEffect(() => {
    dispatch(selectionActions.cleared());
    if (initialSelection && initialSelection.length > 0) {
      dispatch(selectionActions.allSelected([...initialSelection]));
    }
  }, [dispatch, initialSelection]);
  return <TimelinePage account={account} onUpload={onUpload} picker={{ max, onLimitReached, renderBar }} />;
}
