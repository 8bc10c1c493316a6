import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { selectAvatarData } from '../features/account/account.slice';
import { selectLoginStatus } from '../features/auth/login-status.slice';
import { type SessionUser, SessionUserContext } from '../features/shell/session-user';

const LOADING_USER: SessionUser = { name: null, avatarUrl: null };

/** Feeds the top bar's avatar and menus from the signed-in account. */
export function SessionUserBinding({ children }: { children: ReactNode }) {
  const status = useSelector(selectLoginStatus);
  const avatar = useSelector(selectAvatarData);
  let user: SessionUser | null = null;
  if (status === 'AUTHENTICATED' && avatar) user = { name: avatar.name, avatarUrl: avatar.avatarUrl };
  // While the account loads (or the expiry prompt is up) the bar keeps the signed-in shape.
  else if (status === 'FETCHING' || status === 'UNAUTHENTICATED')
    user = avatar ? { name: avatar.name, avatarUrl: avatar.avatarUrl } : LOADING_USER;
  return <SessionUserContext value={{ user }}>{children}</SessionUserContext>;
}
