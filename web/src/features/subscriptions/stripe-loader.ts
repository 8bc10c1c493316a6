import type { Stripe } from '@stripe/stripe-js';

let loading: { key: string; stripe: Promise<Stripe | null> } | null = null;

/** Stripe.js, fetched from Stripe the first time the card step needs it (account.md §5: loaded lazily). */
export function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  if (loading?.key !== publishableKey) {
    loading = {
      key: publishableKey,
      stripe: import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey)),
    };
  }
  return loading.stripe;
}
