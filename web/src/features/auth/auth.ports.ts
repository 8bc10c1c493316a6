import type { AccountInfo } from '../../api/account.api';
import type { AppDispatch } from '../../state/store';

/**
 * What sign-in needs from the rest of the app. The account data, toasts and page navigation belong
 * to other features, so app/ plugs them in here at start-up instead of this feature importing them.
 */
export interface AuthPorts {
  /** A login or a restored session produced the account. */
  accountLoaded(dispatch: AppDispatch, account: AccountInfo): void;
  /** The session ended (log out, expiry, disabled account): drop what belonged to the user. */
  sessionEnded(dispatch: AppDispatch): void;
  /** Tell the user the login failed. */
  loginFailedNotice(dispatch: AppDispatch): void;
  /** Leave the app for the identity provider. */
  leavePage(url: string): void;
}

let ports: AuthPorts = {
  accountLoaded: () => {},
  sessionEnded: () => {},
  loginFailedNotice: () => {},
  leavePage: (url) => window.location.assign(url),
};

export const authPorts = (): AuthPorts => ports;

export function setAuthPorts(next: Partial<AuthPorts>): void {
  ports = { ...ports, ...next };
}
