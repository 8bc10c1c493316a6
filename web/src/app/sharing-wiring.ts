import type { Dispatch } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import { createAlbum } from '../api/album-files.api';
import { registerPendingAction } from '../features/auth/pending-action.registry';
import type { ShareToast } from '../features/sharing/share-receiver-page.component';
import { showToast } from '../features/toasts/toast.thunks';
import type { FileActionFile } from '../file-actions/file-action.types';
import type { AppDispatch } from '../state/store';
import { useAppEnvironment } from './app-environment.context';

/** The share receiver's toasts, through the toasts feature. */
export function useShareNotify(): (type: ShareToast) => void {
  const dispatch = useDispatch<AppDispatch>();
  return (type) => dispatch(showToast({ type }));
}

/**
 * A signed-out visitor's "add to timeline" on a share, remembered through sign-in
 * (/share/{id}/copyShare): the files are copied and the user lands on the timeline.
 */
export function wireSharePendingActions(dispatch: AppDispatch): () => void {
  return registerPendingAction('copyShare', async (action) => {
    const shareId = action.params.shareID;
    if (!shareId) return undefined;
    // The copy comes with the first sign-in that has one to run, not with every start of the app.
    const { copyShareOrHold } = await import('../features/sharing/share-copy-hold.store');
    const outcome = await copyShareOrHold(shareId, null);
    if (outcome === 'copied') {
      dispatch(showToast({ type: 'shareCopiedToTimeline' }));
      return '/photos';
    }
    // A held copy is shown, with its cancel, on the share page.
    if (outcome === 'failed') dispatch(showToast({ type: 'shareCopiedToTimelineFailed' }));
    return undefined;
  });
}

/** The storage a new account gets, from the server's configuration (the receiver's invitation). */
export const useDefaultStorageGib = (): number => useAppEnvironment().config.defaultStorageGib;

/**
 * The share dialog's "create album" (albumOptions): a shared album holding the selection; its
 * link is what the dialog then offers. A selection none of whose files reached the album fails.
 */
export async function createSharedAlbum(
  dispatch: Dispatch,
  name: string,
  files: readonly FileActionFile[],
): Promise<string> {
  const [album, { copyFilesToAlbum }] = await Promise.all([
    createAlbum({ name, isShared: true }),
    import('../file-actions/album-copy'),
  ]);
  const result = await copyFilesToAlbum(dispatch, album.id, files, { toast: false });
  if (result.outcome === 'failed') throw new Error('no file reached the album');
  return new URL(`/a/${album.idB64}`, window.location.origin).href;
}
