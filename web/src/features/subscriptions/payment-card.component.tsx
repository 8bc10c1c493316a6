import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PaymentCard } from '../../api/subscriptions.api';

/** account.md §2: the brand icons shown are visa, mastercard and other. */
const brandOf = (brand: string): 'visa' | 'mastercard' | 'other' =>
  brand === 'visa' || brand === 'mastercard' ? brand : 'other';

const BRAND_LABELS = { visa: 'VISA', mastercard: 'Mastercard', other: null } as const;

/** 'Credit card ending in 4242', its expiry as MM/YY and a brand mark. */
export function PaymentCardView({ card }: { card: PaymentCard }) {
  const { t } = useTranslation('subscriptions');
  const brand = brandOf(card.brand);
  const expiry = `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;
  return (
    <div className="payment-card">
      <span
        className={`payment-card__brand payment-card__brand--${brand}`}
        role="img"
        aria-label={card.brand}
      >
        {BRAND_LABELS[brand] ?? <CreditCard aria-hidden="true" />}
      </span>
      <span className="payment-card__text">
        <span>{t('storage.card.endingIn', { last4: card.last4 })}</span>
        <span className="payment-card__expiry">{t('storage.card.expires', { date: expiry })}</span>
      </span>
    </div>
  );
}
