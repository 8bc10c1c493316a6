import type { AppDispatch } from '../../state/store';

export type AccountNotice = 'userNameChangeFailed' | 'changeProfilePictureFailed' | 'changesSaved';

/** Toasts live in another feature; app/ plugs them in at start-up. */
export interface AccountPorts {
  notify(dispatch: AppDispatch, notice: AccountNotice): void;
}

let ports: AccountPorts = { notify: () => {} };

export const accountPorts = (): AccountPorts => ports;

export function setAccountPorts(next: Partial<AccountPorts>): void {
  ports = { ...ports, ...next };
}
