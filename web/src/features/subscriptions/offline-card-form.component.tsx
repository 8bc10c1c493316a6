import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmOfflineSetup } from '../../api/subscriptions.api';
import { FormField } from '../../ui/form-field';
import { TextInput } from '../../ui/text-input';
import { type CardFormController, ConfirmSetupError, confirmSetupFailure } from './card-setup';
import { parseOfflineCard } from './offline-card';

/**
 * The offline provider's card form, in the same step where Stripe's Payment Element would be:
 * number, expiry and CVC, posted to the server's offline provider (test cards only).
 */
export function OfflineCardForm({ onChange }: { onChange(controller: CardFormController): void }) {
  const { t } = useTranslation('subscriptions');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const card = useMemo(() => parseOfflineCard({ number, expiry, cvc }), [number, expiry, cvc]);

  useEffect(() => {
    onChange({
      complete: card !== null,
      async confirm(clientSecret) {
        if (!card) throw new ConfirmSetupError('incomplete');
        try {
          await confirmOfflineSetup({ client_secret: clientSecret, ...card });
        } catch (error) {
          throw confirmSetupFailure(error);
        }
      },
    });
  }, [card, onChange]);

  return (
    <div className="card-form">
      <FormField label={t('wizard.payment.number')} required>
        <TextInput
          inputMode="numeric"
          autoComplete="cc-number"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
        />
      </FormField>
      <div className="card-form__row">
        <FormField label={t('wizard.payment.expiry')} required>
          <TextInput
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
          />
        </FormField>
        <FormField label={t('wizard.payment.cvc')} required>
          <TextInput
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            onChange={(event) => setCvc(event.target.value)}
          />
        </FormField>
      </div>
      <p className="card-form__hint">{t('wizard.payment.testCards')}</p>
    </div>
  );
}
