import { LockKeyhole } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { canGoBackInApp } from '../../routing/in-app-history';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { AuthPage } from './auth-page.component';
import { guestPromptProps } from './guest-prompt';
import { type GateScreen, gateAction, type RenderGuestPrompt } from './login-gates';
import { selectLoginStatus } from './login-status.slice';
import { runPendingAction } from './pending-action.registry';
import { useStartLogin } from './use-start-login';

/**
 * A login-gated page (/a/{id}/createNew, /subscribe, /copyAlbum, /{fileID}/copyAlbum,
 * /share/{id}/copyShare): explains why, offers create-account and sign-in, remembers the action.
 * A visitor who is already signed in gets the action at once. With renderGuestPrompt, a signed-out
 * guest is first asked for a name (album creation), which registering carries to the sign-up form.
 */
export function LoginGatePage({
  screen,
  params,
  renderGuestPrompt,
}: {
  screen: GateScreen;
  params: Readonly<Record<string, string | undefined>>;
  renderGuestPrompt?: RenderGuestPrompt;
}) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const status = useSelector(selectLoginStatus);
  const login = useStartLogin();
  const { start, pending } = login;
  const action = gateAction(screen, params);
  const ran = useRef(false);

  useEffect(() => {
    if (status !== 'AUTHENTICATED' || ran.current) return;
    ran.current = true;
    void runPendingAction(action, dispatch)
      .catch(() => action.redirectTo)
      .then((to) => navigate(to, { replace: true }));
  }, [status, action, dispatch, navigate]);

  // Cancel goes back to where the guest came from, or to the album when the link was opened directly.
  const leave = (to: string) => void (canGoBackInApp() ? navigate(-1) : navigate(to, { replace: true }));
  const signedOut = status !== 'AUTHENTICATED' && status !== 'FETCHING';

  return (
    <>
      {signedOut && renderGuestPrompt?.(guestPromptProps(action, login, leave))}
      <AuthPage
        icon={<LockKeyhole size={24} />}
        title={t(`gates.${action.type}.title`)}
        busy={status === 'AUTHENTICATED' || status === 'FETCHING'}
        actions={
          <>
            <Button
              size="lg"
              pending={pending === 'create'}
              disabled={pending !== null}
              onClick={() => void start({ create: true, pendingAction: action })}
            >
              {t('wall.createAccount')}
            </Button>
            <Button
              variant="primary"
              size="lg"
              pending={pending === 'signIn'}
              disabled={pending !== null}
              onClick={() => void start({ pendingAction: action })}
            >
              {t('wall.signIn')}
            </Button>
          </>
        }
      >
        <p className="auth-page__text">{t(`gates.${action.type}.body`)}</p>
        <p className="auth-page__text">{t('wall.notLoggedIn')}</p>
      </AuthPage>
    </>
  );
}
