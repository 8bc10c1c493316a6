import type { ClientConfig } from '@nordlys/contract/client-config';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { withStrings } from '../../i18n/i18n';
import { Spinner } from '../../ui/spinner';
import type { CardFormController } from './card-setup';
import { OfflineCardForm } from './offline-card-form.component';

// The Payment Element and Stripe's React bindings come with the first card step, not the app.
const StripeCardForm = lazy(() => withStrings(['subscriptions'], import('./stripe-card-form.component')));

/** The card step's form: Stripe's Payment Element with a publishable key, else the offline form. */
export function CardForm({
  payments,
  currency,
  onChange,
}: {
  payments: ClientConfig['payments'];
  currency: string;
  onChange(controller: CardFormController): void;
}) {
  const { t } = useTranslation('subscriptions');
  if (payments.provider === 'stripe' && payments.stripePublishableKey) {
    return (
      <Suspense fallback={<Spinner label={t('wizard.payment.stripeNotLoaded')} />}>
        <StripeCardForm
          publishableKey={payments.stripePublishableKey}
          currency={currency}
          onChange={onChange}
        />
      </Suspense>
    );
  }
  return <OfflineCardForm onChange={onChange} />;
}
