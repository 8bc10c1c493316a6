import { albumIdToB64 } from '@nordlys/contract/album-id';
import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { selectAccount } from '../features/account/account.slice';
import { showToast } from '../features/toasts/toast.thunks';
import { selectUploadQueue, uploadQueueActions } from '../features/upload/upload-queue.slice';
import { lazyPart } from '../routing/lazy-part';
import { useAppDispatch } from '../state/hooks';
import { navigateTo } from './app-navigation';
import { MountWhenWanted } from './mount-when-wanted.component';

const UploadOverlay = lazyPart(() =>
  import('../features/upload/upload-overlay.component').then((module) => module.UploadOverlay),
);

/**
 * The upload dialog, the status panel and the uploader are fetched when first wanted (the dialog
 * opened, or a queue to show) and then stay mounted, so uploads go on across screens. Until then the
 * Upload button learns the read-only rule from the signed-in account rather than from the uploader.
 */
export function UploadOnDemand() {
  const dispatch = useAppDispatch();
  const queue = useSelector(selectUploadQueue);
  const readOnly = useSelector(selectAccount)?.is_read_only_user;

  useEffect(() => {
    if (readOnly !== undefined) dispatch(uploadQueueActions.accountChecked({ readOnly }));
  }, [dispatch, readOnly]);

  return (
    <MountWhenWanted wanted={queue.dialogOpen || queue.panelOpen || queue.items.ids.length > 0}>
      <UploadOverlay
        onAlbumCreated={(albumId) =>
          dispatch(
            showToast({
              type: 'autoCreatedAlbum',
              jobId: albumId,
              action: { label: 'openAlbum', onClick: () => navigateTo(`/albums/${albumIdToB64(albumId)}`) },
            }),
          )
        }
      />
    </MountWhenWanted>
  );
}
