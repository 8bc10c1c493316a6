import { fetchServiceHosts, isInvalidServiceDict } from '../api/service-hosts';
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
  let directoryRead = false;
  // account.md §9: once signed in, the service host directory is read from the login host; one
  // without all five hosts is not used, and the user is told why pictures may not load.
  const readServiceDirectory = () => {
    if (directoryRead) return;
    directoryRead = true;
    fetchServiceHosts().catch((error: unknown) => {
      if (isInvalidServiceDict(error)) dispatch(showToast({ type: 'invalidServiceDict' }));
    });
  };
  const endUserState = () => {
    stopPoll?.();
    stopPoll = null;
    directoryRead = false;
    dispatch(accountCleared());
    dispatch(devicesCleared());
  };

  setAuthPorts({
    accountLoaded: (_dispatch, account) => {
      dispatch(accountLoaded(account));
      readServiceDirectory();
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
