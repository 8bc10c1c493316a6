import { createSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../state/store';

/** The user login status of account.md §4. */
export type LoginStatus = 'NOT_STARTED' | 'FETCHING' | 'AUTHENTICATED' | 'FAILED' | 'UNAUTHENTICATED';

export interface LoginState {
  status: LoginStatus;
  /** Restoring a stored session failed for lack of network: the token is kept and retried later. */
  offline: boolean;
  /** The server said the account is disabled; the app shows the account-terminated page. */
  userDisabled: boolean;
}

export const initialLoginState: LoginState = { status: 'NOT_STARTED', offline: false, userDisabled: false };

const hasSession = (status: LoginStatus) => status === 'FETCHING' || status === 'AUTHENTICATED';

export const loginStatusSlice = createSlice({
  name: 'loginStatus',
  initialState: initialLoginState,
  reducers: {
    /** On app start: a stored auth token means the account is being fetched. */
    appStarted(state, action: { payload: { hasToken: boolean } }) {
      state.status = action.payload.hasToken ? 'FETCHING' : 'NOT_STARTED';
      state.offline = false;
    },
    /** The postflight began exchanging the code. */
    loginStarted(state) {
      state.status = 'FETCHING';
      state.offline = false;
      state.userDisabled = false;
    },
    /** Account info arrived for the stored or the new token. */
    loginSucceeded(state) {
      state.status = 'AUTHENTICATED';
      state.offline = false;
    },
    /** A failed login or an invalid login state (bad callback, failed exchange). */
    loginFailed(state) {
      state.status = 'FAILED';
      state.offline = false;
    },
    /** Restoring the session could not reach the server; the token stays. */
    restoreInterrupted(state) {
      if (state.status === 'FETCHING') state.offline = true;
    },
    /** A 401 for a request that carried the token. Without a session there is nothing to expire. */
    unauthenticatedDetected(state) {
      if (hasSession(state.status)) {
        state.status = 'UNAUTHENTICATED';
        state.offline = false;
      }
    },
    /** The account is disabled: the session ends without the session-expired prompt. */
    userDisabledDetected(state) {
      state.status = 'FAILED';
      state.offline = false;
      state.userDisabled = true;
    },
    userDisabledShown(state) {
      state.userDisabled = false;
    },
    /** The session-expired prompt was closed without signing in again. */
    sessionExpiredClosed(state) {
      if (state.status === 'UNAUTHENTICATED') state.status = 'FAILED';
    },
    loggedOut(state) {
      state.status = 'FAILED';
      state.offline = false;
    },
  },
  selectors: {
    selectLoginStatus: (state) => state.status,
    selectLoginOffline: (state) => state.offline,
    selectUserDisabled: (state) => state.userDisabled,
  },
});

export const {
  appStarted,
  loginStarted,
  loginSucceeded,
  loginFailed,
  restoreInterrupted,
  unauthenticatedDetected,
  userDisabledDetected,
  userDisabledShown,
  sessionExpiredClosed,
  loggedOut,
} = loginStatusSlice.actions;

const injected = loginStatusSlice.injectInto(rootReducer);
export const { selectLoginStatus, selectLoginOffline, selectUserDisabled } = injected.selectors;

/** Not started or failed shows the login wall (account.md §4). */
export const showsLoginWall = (status: LoginStatus): boolean =>
  status === 'NOT_STARTED' || status === 'FAILED';
