import { CircleAlert, CircleCheck, Trash2 } from 'lucide-react';
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestAccountDeletion } from '../../api/privacy.api';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { serverRequestReducer } from './server-request';

const FACTS = ['received', 'loggedOut', 'processed', 'email'] as const;

/** Delete account (account.md §4): NOT_STARTED, PENDING_SERVER, SUCCEEDED (the four facts), FAILED with Retry. */
export function DeleteAccountSection({ onAccepted, onDeleted }: { onAccepted(): void; onDeleted(): void }) {
  const { t } = useTranslation('privacy');
  const [status, dispatch] = useReducer(serverRequestReducer, 'NOT_STARTED');
  const [confirming, setConfirming] = useState(false);

  const send = async () => {
    setConfirming(false);
    dispatch({ type: 'started' });
    try {
      await requestAccountDeletion();
      onAccepted();
      dispatch({ type: 'succeeded' });
    } catch {
      dispatch({ type: 'failed' });
    }
  };

  if (status === 'SUCCEEDED') {
    return (
      <div className="privacy__outcome" role="status">
        <CircleCheck aria-hidden="true" className="privacy__outcome-icon privacy__outcome-icon--ok" />
        <h3 className="privacy__outcome-title">{t('delete.succeededTitle')}</h3>
        <ul className="privacy__facts">
          {FACTS.map((fact) => (
            <li key={fact}>{t(`delete.facts.${fact}`)}</li>
          ))}
        </ul>
        <Button variant="primary" onClick={onDeleted}>
          {t('delete.done')}
        </Button>
      </div>
    );
  }

  return (
    <div className="privacy__section-body">
      {status === 'FAILED' ? (
        <div className="privacy__outcome privacy__outcome--error" role="alert">
          <CircleAlert aria-hidden="true" className="privacy__outcome-icon" />
          <h3 className="privacy__outcome-title">{t('delete.failedTitle')}</h3>
          <p>{t('delete.failedBody')}</p>
          <Button variant="danger" onClick={() => void send()}>
            {t('delete.retry')}
          </Button>
        </div>
      ) : (
        <>
          <p>{t('delete.intro')}</p>
          <div className="privacy__actions">
            <Button
              variant="danger"
              icon={<Trash2 />}
              pending={status === 'PENDING_SERVER'}
              onClick={() => setConfirming(true)}
            >
              {t('delete.button')}
            </Button>
          </div>
        </>
      )}
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        role="alertdialog"
        title={t('delete.confirmTitle')}
        description={t('delete.confirmBody')}
        footer={
          <>
            <Button onClick={() => setConfirming(false)}>{t('legacy.cancel')}</Button>
            <Button variant="danger" onClick={() => void send()}>
              {t('delete.confirm')}
            </Button>
          </>
        }
      />
    </div>
  );
}
