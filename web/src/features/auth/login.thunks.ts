import { getAccountInfo, logout as logoutCall } from '../../api/account.api';
import { isApiError, isNetworkError } from '../../api/errors';
import { exchangeLoginCode, getLoginConfig } from '../../api/login.api';
import {
  beginSessionReplacement,
  clearSession,
  getAuthToken,
  getDevice,
  setAuthToken,
} from '../../api/session';
import type { AppDispatch } from '../../state/store';
import { authPorts } from './auth.ports';
import {
  buildAuthorizationUrl,
  CALLBACK_PATH,
  checkCallback,
  DEFAULT_RETURN_TO,
  LOGIN_FALLBACK_LOCATION,
  safeReturnTo,
} from './login-flow';
import { rememberLoginRequest, takeLoginRequest } from './login-flow.storage';
import {
  appStarted,
  loggedOut,
  loginFailed,
  loginStarted,
  loginSucceeded,
  restoreInterrupted,
  unauthenticatedDetected,
  userDisabledDetected,
} from './login-status.slice';
import {
  type PendingAction,
  rememberPendingAction,
  runPendingAction,
  takePendingAction,
} from './pending-action.registry';

export const USER_DISABLED_REASON = 'user_disabled';

export interface StartLoginOptions {
  /** Open the provider's create-account form. */
  create?: boolean;
  returnTo?: string;
  /** Remembered across the redirect and run after login (login-gated pages). */
  pendingAction?: PendingAction;
  uiLocale?: string;
  /** With create: the name the guest gave, prefilled in the sign-up form. */
  nameHint?: string;
}

/** The preflight: PKCE verifier, challenge and state, remembered; then off to the provider. */
export async function startLogin(options: StartLoginOptions = {}): Promise<void> {
  // The PKCE helpers come with the first sign-in, not with every start of the app.
  const [config, pkce] = await Promise.all([getLoginConfig(), import('oauth4webapi')]);
  const verifier = pkce.generateRandomCodeVerifier();
  const state = pkce.generateRandomState();
  const codeChallenge = await pkce.calculatePKCECodeChallenge(verifier);
  const redirectUri = `${window.location.origin}${config.redirect_path || CALLBACK_PATH}`;
  rememberLoginRequest({ verifier, state, returnTo: safeReturnTo(options.returnTo ?? DEFAULT_RETURN_TO) });
  if (options.pendingAction) rememberPendingAction(options.pendingAction);
  authPorts().leavePage(
    buildAuthorizationUrl({
      authorizationEndpoint: config.authorization_endpoint,
      clientId: config.client_id,
      scope: config.scope,
      redirectUri,
      state,
      codeChallenge,
      create: options.create ?? false,
      uiLocale: options.uiLocale,
      nameHint: options.nameHint,
    }),
  );
}

/**
 * The postflight on /login/callback: check state, exchange the code, store the token, run a
 * remembered action. Answers where to go next (replacing the callback in history).
 */
export async function completeLogin(dispatch: AppDispatch, search: string): Promise<string> {
  const result = checkCallback(search, takeLoginRequest());
  if (!result.ok) {
    takePendingAction();
    return failLogin(dispatch);
  }
  dispatch(loginStarted());
  const endReplacement = beginSessionReplacement();
  try {
    const device = getDevice();
    const answer = await exchangeLoginCode({
      code: result.code,
      code_verifier: result.request.verifier,
      redirect_uri: `${window.location.origin}${CALLBACK_PATH}`,
      device_id: device.device_id,
      device_name: device.device_name,
    });
    setAuthToken(answer.auth_token);
    endReplacement();
    authPorts().accountLoaded(dispatch, answer.account_info);
    dispatch(loginSucceeded());
  } catch (error) {
    endReplacement();
    takePendingAction();
    if (isApiError(error) && error.hasReason(USER_DISABLED_REASON)) {
      clearSession();
      dispatch(userDisabledDetected());
      return `/error/${USER_DISABLED_REASON}`;
    }
    return failLogin(dispatch);
  }
  const pending = takePendingAction();
  if (!pending) return result.request.returnTo;
  try {
    return safeReturnTo(await runPendingAction(pending, dispatch));
  } catch {
    // The login itself worked; only the remembered action failed, so land where it pointed.
    authPorts().loginFailedNotice(dispatch);
    return safeReturnTo(pending.redirectTo);
  }
}

function failLogin(dispatch: AppDispatch): string {
  dispatch(loginFailed());
  authPorts().loginFailedNotice(dispatch);
  return LOGIN_FALLBACK_LOCATION;
}

/** On app start: a stored token means fetching the account; none means not started. */
export async function restoreSession(dispatch: AppDispatch): Promise<void> {
  // On the sign-in callback the stored session is the one the sign-in replaces (the server ends it
  // when it opens the new one): nothing is read with it, or its 401s would race the new session.
  if (window.location.pathname === CALLBACK_PATH) return;
  const hasToken = getAuthToken() !== null;
  dispatch(appStarted({ hasToken }));
  if (!hasToken) return;
  try {
    const account = await getAccountInfo();
    authPorts().accountLoaded(dispatch, account);
    dispatch(loginSucceeded());
  } catch (error) {
    if (isNetworkError(error)) {
      dispatch(restoreInterrupted());
    } else if (isApiError(error) && error.status === 401) {
      // The client's 401 listener does the same; both are idempotent, and this keeps the restore
      // correct even before that listener is attached.
      handleUnauthenticated(dispatch, error.reason);
    } else {
      dispatch(restoreInterrupted());
    }
  }
}

/** Any 401 from a request that carried the token (the API client's onUnauthenticated). */
export function handleUnauthenticated(dispatch: AppDispatch, reason: string | undefined): void {
  // The token no longer works either way; keeping it would only repeat the 401.
  clearSession();
  if (reason?.includes(USER_DISABLED_REASON)) {
    dispatch(userDisabledDetected());
    authPorts().sessionEnded(dispatch);
    return;
  }
  dispatch(unauthenticatedDetected());
}

/** Log out: tell the server (a failure is ignored), forget the session keys, status FAILED. */
export async function logOut(dispatch: AppDispatch): Promise<void> {
  try {
    if (getAuthToken()) await logoutCall();
  } catch {
    // The token is dropped locally either way; the server forgets it when it is revoked or expires.
  }
  endSessionLocally(dispatch);
}

/** Ends the session without a server call, e.g. after this device was removed on the devices page. */
export function endSessionLocally(dispatch: AppDispatch): void {
  clearSession();
  dispatch(loggedOut());
  authPorts().sessionEnded(dispatch);
}
