import { albumIdFromEither, albumIdToB64 } from '@nordlys/contract/album-id';
import { Suspense } from 'react';
import { useSelector } from 'react-redux';
import { keepAlbumFiles, keepAllAlbumFiles } from '../api/album-files.api';
import { subscribeAlbum } from '../api/albums.api';
import type { AlbumCreationSlots } from '../features/album-creation/album-creation.slots';
import { selectLoginStatus } from '../features/auth/login-status.slice';
import { registerPendingAction } from '../features/auth/pending-action.registry';
import { requestConfirm } from '../features/dialogs/dialog.api';
import { showToast } from '../features/toasts/toast.thunks';
import {
  openUploadDialog,
  selectUploadQueue,
  uploadQueueActions,
} from '../features/upload/upload-queue.slice';
import { lazyPart } from '../routing/lazy-part';
import type { AppDispatch } from '../state/store';

const SelectionTimeline = lazyPart(() =>
  import('./selection-timeline.component').then((module) => module.SelectionTimeline),
);

/** What album creation borrows from the timeline, the uploads, the dialogs and the toasts. */
export const albumCreationSlots: AlbumCreationSlots = {
  useSignedIn: () => useSelector(selectLoginStatus) === 'AUTHENTICATED',
  renderSelectionTimeline: (props) => (
    <Suspense fallback={null}>
      <SelectionTimeline {...props} />
    </Suspense>
  ),
  openUpload: (dispatch, target) =>
    dispatch(
      openUploadDialog(
        'albumId' in target ? { jobId: target.albumId } : { pendingAlbum: target.pendingAlbum },
      ),
    ),
  usePendingAlbum: (pendingId) => {
    const album = useSelector(selectUploadQueue).pendingAlbums[pendingId ?? ''];
    return album
      ? {
          albumId: album.albumId,
          pendingFiles: album.pendingFiles.length,
          uploadedFiles: album.uploadedFiles,
        }
      : null;
  },
  forgetPendingAlbum: (dispatch, pendingId) => dispatch(uploadQueueActions.pendingAlbumForgotten(pendingId)),
  confirmTimelineCopy: (dispatch, count) =>
    requestConfirm(dispatch, {
      titleKey: 'albumCreation:timelineCopy.title',
      messageKey: 'albumCreation:timelineCopy.message',
      confirmLabelKey: 'albumCreation:timelineCopy.confirm',
      cancelLabelKey: 'albumCreation:timelineCopy.cancel',
      params: { count },
    }),
  maxSelectionReached: (dispatch) => dispatch(showToast({ type: 'maxSelectionCountReached' })),
};

export { SelectionTimeline };

const albumIdOf = (params: Record<string, string>): string | null =>
  albumIdFromEither(params.albumIDB64 ?? params.albumID ?? '');

/**
 * The work the login-gated album pages remember through the sign-in round trip (core.md §2): each
 * runs when the user is back signed in and answers where to land.
 */
export function wireAlbumPendingActions(dispatch: AppDispatch): () => void {
  const toastAfter = async (albumId: string, call: () => Promise<unknown>): Promise<boolean> => {
    try {
      await call();
      dispatch(showToast({ type: 'jobCopiedToTimeline', jobId: albumId }));
      return true;
    } catch {
      dispatch(showToast({ type: 'jobCopiedToTimelineFailed', jobId: albumId }));
      return false;
    }
  };
  const undo = [
    registerPendingAction('createAlbumFrom', async () => '/albums?overlay=create_album'),
    registerPendingAction('subscribeAlbum', async (action) => {
      const albumId = albumIdOf(action.params);
      if (!albumId) return undefined;
      await subscribeAlbum(albumId);
      return `/albums/${albumIdToB64(albumId)}`;
    }),
    registerPendingAction('copyAlbum', async (action) => {
      const albumId = albumIdOf(action.params);
      if (!albumId) return undefined;
      return (await toastAfter(albumId, () => keepAllAlbumFiles(albumId))) ? '/photos' : undefined;
    }),
    registerPendingAction('copyAlbumFile', async (action) => {
      const albumId = albumIdOf(action.params);
      const fileId = action.params.fileID;
      if (!albumId || !fileId) return undefined;
      try {
        await keepAlbumFiles(albumId, [fileId]);
        dispatch(showToast({ type: 'filesCopiedToTimeline', params: { count: 1 }, fileIds: [fileId] }));
        return '/photos';
      } catch {
        dispatch(showToast({ type: 'filesCopiedToTimelineFailed', params: { count: 1 }, fileIds: [fileId] }));
        return undefined;
      }
    }),
  ];
  return () => {
    for (const off of undo) off();
  };
}
