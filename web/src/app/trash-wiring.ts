import { requestConfirm } from '../features/dialogs/dialog.api';
import { showToast } from '../features/toasts/toast.thunks';
import { setTrashPorts } from '../features/trash/trash.ports';
import type { AppDispatch } from '../state/store';

/** Gives the album trash its delete-forever confirmation and toasts. */
export function wireTrash(): () => void {
  setTrashPorts({
    confirmDeleteForever: (dispatch, count) =>
      requestConfirm(dispatch, { preset: 'deleteForever', params: { count } }),
    showToast: (dispatch, toast) => void (dispatch as AppDispatch)(showToast(toast)),
  });
  return () => setTrashPorts(null);
}
