import { setAccountPorts } from '../features/account/account.ports';
import { accountCleared, accountLoaded } from '../features/account/account.slice';
import { startAccountPoll } from '../features/account/account.thunks';
import { setAuthPorts } from '../features/auth/auth.ports';
import { syncAuth } from '../features/auth/auth.sync';
import { endSessionLocally, logOut, restoreSession } from '../features/auth/login.thunks';
import { setDevicesPorts } from '../features/devices/devices.ports';
import { devicesCleared } from '../features/devices/devices.slice';
import { requestConfirm } from '../features/dialogs/dialog.api';
import { setSignOutHandler } from '../features/shell/session-user';
import { showToast } from '../features/toasts/toast.thunks';
import type { AppDispatch } from '../state/store';

const wired = new WeakMap<AppDispatch, () => void>();

/**
 * Connects sign-in, account and devices to each other and to toasts, dialogs and the shell, then
 * restores a stored session. Returns a function that undoes the wiring (tests).
 */
export function wireAccount(dispatch: AppDispatch): () => void {
  // Development renders run lazy state initialisers twice; one wiring per store is enough.
  const existing = wired.get(dispatch);
  if (existing) return existing;
  let stopPoll: (() => void) | null = null;
  const endUserState = () => {
    stopPoll?.();
    stopPoll = null;
    dispatch(accountCleared());
    dispatch(devicesCleared());
  };

  setAuthPorts({
    accountLoaded: (_dispatch, account) => {
      dispatch(accountLoaded(account));
      stopPoll ??= startAccountPoll(dispatch);
    },
    sessionEnded: endUserState,
    loginFailedNotice: () => dispatch(showToast({ type: 'genericError' })),
  });
  setAccountPorts({ notify: (_dispatch, notice) => dispatch(showToast({ type: notice })) });
  setDevicesPorts({
    confirmRemoval: (_dispatch, name) =>
      requestConfirm(dispatch, { preset: 'deleteDevice', params: { name } }),
    removalFailed: () => dispatch(showToast({ type: 'genericError' })),
    currentDeviceRemoved: () => endSessionLocally(dispatch),
  });
  setSignOutHandler(() => void logOut(dispatch));

  const stopAuth = syncAuth(dispatch);
  void restoreSession(dispatch);

  const unwire = () => {
    stopAuth();
    stopPoll?.();
    setSignOutHandler(null);
    wired.delete(dispatch);
  };
  wired.set(dispatch, unwire);
  return unwire;
}
