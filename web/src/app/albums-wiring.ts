import { pollAccount } from '../features/account/account.thunks';
import { setAlbumsPorts } from '../features/albums/albums.ports';
import { requestConfirm } from '../features/dialogs/dialog.api';
import { showToast } from '../features/toasts/toast.thunks';
import type { AppDispatch } from '../state/store';

/** Gives the album screens their confirmations (delete, leave), toasts and the storage refresh. */
export function wireAlbums(): () => void {
  setAlbumsPorts({
    confirm: (dispatch, preset) => requestConfirm(dispatch, { preset }),
    showToast: (dispatch, toast) => void (dispatch as AppDispatch)(showToast(toast)),
    refreshStorage: (dispatch) => void pollAccount(dispatch as AppDispatch),
  });
  return () => setAlbumsPorts(null);
}
