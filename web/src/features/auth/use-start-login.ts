import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppDispatch } from '../../state/hooks';
import { authPorts } from './auth.ports';
import { type StartLoginOptions, startLogin } from './login.thunks';

/** Starts the flow from a button, returning to this page by default; pending while it leaves. */
export function useStartLogin() {
  const dispatch = useAppDispatch();
  const { i18n } = useTranslation();
  const location = useLocation();
  const [pending, setPending] = useState<'signIn' | 'create' | null>(null);
  const start = useCallback(
    async (options: StartLoginOptions = {}) => {
      setPending(options.create ? 'create' : 'signIn');
      try {
        await startLogin({
          returnTo: `${location.pathname}${location.search}`,
          uiLocale: i18n.language,
          ...options,
        });
      } catch {
        setPending(null);
        authPorts().loginFailedNotice(dispatch);
      }
    },
    [dispatch, i18n.language, location.pathname, location.search],
  );
  return { start, pending };
}
