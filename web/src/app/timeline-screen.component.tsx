import { useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectAccount } from '../features/account/account.slice';
import { TimelinePage } from '../features/timeline/timeline-page.component';
import {
  openUploadDialog,
  selectUploadItems,
  selectUploadQueue,
  type UploadRootState,
} from '../features/upload/upload-queue.slice';

/** Files of this tab's uploads that are on the server (stored, or linked to bytes it had). */
const selectFilesStored = (state: UploadRootState) =>
  selectUploadItems(selectUploadQueue(state)).filter(
    (item) => item.status === 'BackendSucceeded' || item.status === 'Succeeded',
  ).length;

/** The timeline with the signed-in account, the upload dialog and the uploads' progress plugged in. */
export function TimelineScreen() {
  const dispatch = useDispatch();
  const info = useSelector(selectAccount);
  const filesStored = useSelector(selectFilesStored);
  const account = useMemo(
    () => (info ? { userId: info.uuid, isReadOnly: info.is_read_only_user } : null),
    [info],
  );
  return (
    <TimelinePage account={account} onUpload={() => dispatch(openUploadDialog())} filesStored={filesStored} />
  );
}
