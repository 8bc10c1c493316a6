import { LogIn } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { AuthPage } from './auth-page.component';
import { completeLogin, startLogin } from './login.thunks';

/** /login: starts the flow at once (the top bar's Sign in); ?create=1 opens sign-up, ?returnTo= comes back. */
export function LoginStartPage() {
  const { t, i18n } = useTranslation('auth');
  const { search } = useLocation();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  const begin = () => {
    const query = new URLSearchParams(search);
    setFailed(false);
    startLogin({
      create: query.get('create') === '1',
      returnTo: query.get('returnTo') ?? undefined,
      uiLocale: i18n.language,
    }).catch(() => setFailed(true));
  };

  useEffect(() => {
    // Once per visit, even when a development render runs effects twice.
    if (started.current) return;
    started.current = true;
    begin();
  });

  return failed ? (
    <AuthPage
      icon={<LogIn size={24} />}
      title={t('flow.startFailedTitle')}
      actions={
        <>
          <Link className="ui-button ui-button--secondary ui-button--lg" to="/">
            {t('flow.goHome')}
          </Link>
          <Button variant="primary" size="lg" onClick={begin}>
            {t('flow.retry')}
          </Button>
        </>
      }
    >
      <p className="auth-page__text">{t('flow.startFailed')}</p>
    </AuthPage>
  ) : (
    <AuthPage icon={<Spinner size="lg" label={null} />} title={t('flow.redirecting')} busy />
  );
}

/** /login/callback: the postflight, then on to where the user was, replacing this page in history. */
export function LoginCallbackPage() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const ran = useRef(false);

  useEffect(() => {
    // The code is single-use: exchanging it twice would fail the second time.
    if (ran.current) return;
    ran.current = true;
    void completeLogin(dispatch, search).then((to) => navigate(to, { replace: true }));
  }, [dispatch, navigate, search]);

  return <AuthPage icon={<Spinner size="lg" label={null} />} title={t('flow.finishing')} busy />;
}
