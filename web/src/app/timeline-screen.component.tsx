import { useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectAccount } from '../features/account/account.slice';
import { TimelinePage } from '../features/timeline/timeline-page.component';
import { openUploadDialog } from '../features/upload/upload-queue.slice';

/** The timeline with the signed-in account and the upload dialog plugged in. */
export function TimelineScreen() {
  const dispatch = useDispatch();
  const info = useSelector(selectAccount);
  const account = useMemo(
    () => (info ? { userId: info.uuid, isReadOnly: info.is_read_only_user } : null),
    [info],
  );
  return <TimelinePage account={account} onUpload={() => dispatch(openUploadDialog())} />;
}
