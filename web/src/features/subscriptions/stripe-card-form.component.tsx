import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CardFormController, ConfirmSetupError } from './card-setup';
import { loadStripeOnce } from './stripe-loader';

interface StripeCardFormProps {
  publishableKey: string;
  currency: string;
  onChange(controller: CardFormController): void;
}

/**
 * Stripe's Payment Element (account.md §5): Stripe.js is fetched when this step first shows; the
 * confirm button is enabled only once the element reports complete, and it gets focus when ready.
 * Billing details are not asked for.
 */
export default function StripeCardForm({ publishableKey, currency, onChange }: StripeCardFormProps) {
  const stripe = useMemo(() => loadStripeOnce(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ mode: 'setup', currency: currency.toLowerCase() }}>
      <PaymentElementStep onChange={onChange} />
    </Elements>
  );
}

function PaymentElementStep({ onChange }: { onChange(controller: CardFormController): void }) {
  const { t } = useTranslation('subscriptions');
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);

  useEffect(() => {
    onChange({
      complete: complete && stripe !== null,
      async confirm(clientSecret) {
        if (!stripe || !elements) throw new ConfirmSetupError(t('wizard.payment.stripeNotLoaded'));
        const submitted = await elements.submit();
        if (submitted.error) throw new ConfirmSetupError(submitted.error.message ?? '');
        const { error } = await stripe.confirmSetup({
          elements,
          clientSecret,
          redirect: 'if_required',
          confirmParams: {
            return_url: window.location.href,
            payment_method_data: { billing_details: { address: { country: 'NO' } } },
          },
        });
        // A declined card is the holder's to fix: its reason shows and the step stays open.
        if (error) throw new ConfirmSetupError(error.message ?? error.type);
      },
    });
  }, [complete, stripe, elements, onChange, t]);

  return (
    <div className="card-form">
      {!stripe && <p className="card-form__hint">{t('wizard.payment.stripeNotLoaded')}</p>}
      <PaymentElement
        options={{ fields: { billingDetails: { address: { country: 'never' } } } }}
        onReady={(element) => element.focus()}
        onChange={(event) => setComplete(event.complete)}
      />
    </div>
  );
}
