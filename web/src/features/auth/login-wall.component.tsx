import { CloudOff, LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { AuthPage } from './auth-page.component';
import { restoreSession } from './login.thunks';
import { selectLoginOffline, selectLoginStatus } from './login-status.slice';
import { useStartLogin } from './use-start-login';

export interface LoginWallProps {
  /** The protected screen's name, so the visitor knows where they are. */
  title: string;
  /** Opened from the mobile app (/_from_inside_app/...): the session there has lapsed. */
  inApp: boolean;
}

/** account.md §2 "Login wall", with Sign in and Create account. */
export function LoginWall({ title, inApp }: LoginWallProps) {
  const { t } = useTranslation('auth');
  const { start, pending } = useStartLogin();
  return (
    <AuthPage
      icon={<LockKeyhole size={24} />}
      title={title}
      actions={
        <>
          <Button
            variant="secondary"
            size="lg"
            pending={pending === 'create'}
            disabled={pending !== null}
            onClick={() => void start({ create: true })}
          >
            {t('wall.createAccount')}
          </Button>
          <Button
            variant="primary"
            size="lg"
            pending={pending === 'signIn'}
            disabled={pending !== null}
            onClick={() => void start()}
          >
            {t('wall.signIn')}
          </Button>
        </>
      }
    >
      <p className="auth-page__text">{inApp ? t('wall.inApp') : t('wall.notLoggedIn')}</p>
    </AuthPage>
  );
}

/** Guards a protected screen: a loader while the account is fetched, the wall without a session. */
export function RequireLogin({ title, inApp, children }: LoginWallProps & { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const status = useSelector(selectLoginStatus);
  const offline = useSelector(selectLoginOffline);
  if (status === 'AUTHENTICATED') return children;
  if (status === 'FETCHING') {
    return offline ? (
      <AuthPage
        icon={<CloudOff size={24} />}
        title={title}
        actions={
          <Button variant="primary" onClick={() => void restoreSession(dispatch)}>
            {t('wall.retry')}
          </Button>
        }
      >
        <p className="auth-page__text">{t('wall.offline')}</p>
      </AuthPage>
    ) : (
      <AuthPage icon={<Spinner size="lg" label={null} />} title={title} busy>
        <p className="auth-page__text" role="status">
          {t('wall.loading')}
        </p>
      </AuthPage>
    );
  }
  return <LoginWall title={title} inApp={inApp} />;
}
