import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { authPorts } from './auth.ports';
import { selectLoginStatus, sessionExpiredClosed } from './login-status.slice';
import { useStartLogin } from './use-start-login';

/** Shown when the status becomes UNAUTHENTICATED; only its buttons close it. */
export function SessionExpiredDialog() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const status = useSelector(selectLoginStatus);
  const { start, pending } = useStartLogin();
  const close = () => {
    dispatch(sessionExpiredClosed());
    authPorts().sessionEnded(dispatch);
  };
  return (
    <Modal
      open={status === 'UNAUTHENTICATED'}
      onOpenChange={() => {}}
      dismissible={false}
      role="alertdialog"
      title={t('sessionExpired.title')}
      description={t('sessionExpired.message')}
      footer={
        <>
          <Button onClick={close} disabled={pending !== null}>
            {t('sessionExpired.close')}
          </Button>
          <Button variant="primary" pending={pending !== null} onClick={() => void start()}>
            {t('sessionExpired.signIn')}
          </Button>
        </>
      }
    />
  );
}
