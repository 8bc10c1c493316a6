import { LockKeyhole } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { AuthPage } from './auth-page.component';
import { type GateScreen, gateAction } from './login-gates';
import { selectLoginStatus } from './login-status.slice';
import { runPendingAction } from './pending-action.registry';
import { useStartLogin } from './use-start-login';

/**
 * A login-gated page (/a/{id}/createNew, /subscribe, /copyAlbum, /{fileID}/copyAlbum,
 * /share/{id}/copyShare): explains why, offers create-account and sign-in, remembers the action.
 * A visitor who is already signed in gets the action at once.
 */
export function LoginGatePage({
  screen,
  params,
}: {
  screen: GateScreen;
  params: Readonly<Record<string, string | undefined>>;
}) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const status = useSelector(selectLoginStatus);
  const { start, pending } = useStartLogin();
  const action = gateAction(screen, params);
  const ran = useRef(false);

  useEffect(() => {
    if (status !== 'AUTHENTICATED' || ran.current) return;
    ran.current = true;
    void runPendingAction(action, dispatch)
      .catch(() => action.redirectTo)
      .then((to) => navigate(to, { replace: true }));
  }, [status, action, dispatch, navigate]);

  return (
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
  );
}
