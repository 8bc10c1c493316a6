import { type LoginRequest, parseLoginRequest } from './login-flow';

const LOGIN_REQUEST_KEY = 'nordlys:login-request';

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberLoginRequest(request: LoginRequest): void {
  session()?.setItem(LOGIN_REQUEST_KEY, JSON.stringify(request));
}

/** Reads and forgets the request, so a callback URL replayed later cannot be redeemed again. */
export function takeLoginRequest(): LoginRequest | null {
  const storage = session();
  if (!storage) return null;
  const raw = storage.getItem(LOGIN_REQUEST_KEY);
  storage.removeItem(LOGIN_REQUEST_KEY);
  return parseLoginRequest(raw);
}
