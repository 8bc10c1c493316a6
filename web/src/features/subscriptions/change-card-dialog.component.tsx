import type { ClientConfig } from '@nordlys/contract/client-config';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createCustomer,
  createSetupIntent,
  customerExists,
  finishSetupIntent,
} from '../../api/subscriptions.api';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { CardForm } from './card-form.component';
import { type CardFormController, ConfirmSetupError, setUpCard } from './card-setup';

/** 'Change card': the same card set-up as the wizard's payment step, without a purchase. */
export function ChangeCardDialog({
  open,
  payments,
  customer,
  onDone,
}: {
  open: boolean;
  payments: ClientConfig['payments'];
  customer: { name: string; email: string };
  onDone(outcome: 'saved' | 'failed' | 'cancelled'): void;
}) {
  const { t } = useTranslation('subscriptions');
  const [controller, setController] = useState<CardFormController | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onChange = useCallback((next: CardFormController) => setController(next), []);

  const save = async () => {
    if (!controller) return;
    setPending(true);
    setError(null);
    try {
      const outcome = await setUpCard(
        { customerExists, createCustomer, createSetupIntent, finishSetupIntent },
        customer,
        (secret) => controller.confirm(secret),
      );
      onDone(outcome.kind === 'saved' ? 'saved' : 'failed');
    } catch (failure) {
      if (failure instanceof ConfirmSetupError)
        setError(t('wizard.payment.confirmFailed', { reason: failure.reason }));
      else onDone('failed');
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onDone('cancelled');
      }}
      title={t('cardDialog.title')}
      variant="flow"
      className="card-dialog"
      footer={
        <>
          <Button variant="ghost" disabled={pending} onClick={() => onDone('cancelled')}>
            {t('wizard.plans.back')}
          </Button>
          <Button
            variant="primary"
            pending={pending}
            disabled={!controller?.complete}
            onClick={() => void save()}
          >
            {t('wizard.payment.save')}
          </Button>
        </>
      }
    >
      <CardForm payments={payments} currency="NOK" onChange={onChange} />
      <p className="wizard__error" role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
    </Modal>
  );
}
