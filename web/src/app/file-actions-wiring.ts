import { requestConfirm } from '../features/dialogs/dialog.api';
import { resolveToast, showToast } from '../features/toasts/toast.thunks';
import { setFileActionPorts } from '../file-actions/file-action.ports';
import type { AppDispatch } from '../state/store';

/** Gives the shared file actions their confirmations and toasts. */
export function wireFileActions(): () => void {
  setFileActionPorts({
    confirm: (dispatch, request) => requestConfirm(dispatch, request),
    showToast: (dispatch, toast) => (dispatch as AppDispatch)(showToast(toast)),
    resolveToast: (dispatch, id, toast) => (dispatch as AppDispatch)(resolveToast(id, toast)),
  });
  return () => setFileActionPorts(null);
}
