import { createContext, useContext, useSyncExternalStore } from 'react';
import { clearSession, getAuthToken, SESSION_KEYS } from '../../api/session';

export interface SessionUser {
  /** Unknown until account info is fetched (login feature); the avatar then shows a generic icon. */
  name: string | null;
  avatarUrl: string | null;
}

/**
 * Set by app/ from the signed-in account; when present it replaces the token-only placeholder
 * below (null value = signed out).
 */
export const SessionUserContext = createContext<{ user: SessionUser | null } | undefined>(undefined);

let signOutHandler: (() => void) | null = null;

/** app/ plugs in the real log-out (server call, store reset) here. */
export function setSignOutHandler(handler: (() => void) | null): void {
  signOutHandler = handler;
}

// Same-tab writes do not fire 'storage', so sign-out announces itself.
const SESSION_CHANGED = 'nordlys:session-changed';

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_KEYS.authToken) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(SESSION_CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(SESSION_CHANGED, onChange);
  };
}

const hasToken = (): boolean => getAuthToken() !== null;

const SIGNED_IN: SessionUser = { name: null, avatarUrl: null };

/** The signed-in account for the top bar, or null when no auth token is stored. */
export function useSessionUser(): SessionUser | null {
  const bound = useContext(SessionUserContext);
  const signedIn = useSyncExternalStore(subscribe, hasToken, () => false);
  if (bound) return bound.user;
  return signedIn ? SIGNED_IN : null;
}

export function signOut(): void {
  if (signOutHandler) {
    signOutHandler();
    return;
  }
  clearSession();
  window.dispatchEvent(new Event(SESSION_CHANGED));
}
