import type { ClientConfig } from '@nordlys/contract/client-config';
import { ApiError } from '../../api/errors';
import { confirmOfflinePayment, type PurchaseReply, refreshSubscription } from '../../api/subscriptions.api';
import { PaymentNotConfirmedError } from './card-setup';
import { loadStripeOnce } from './stripe-loader';

/**
 * A payment that needs the card holder (3-D Secure): Stripe.js confirms it with Stripe, the
 * offline provider with its own confirmation; then the subscription is read again so the plan
 * takes effect (account.md §4 Plan update: a status means action required).
 */
export async function completePaymentAction(
  payments: ClientConfig['payments'],
  reply: PurchaseReply,
  confirmedByHolder: () => Promise<boolean>,
): Promise<void> {
  if (reply.status !== 'requires_action' || !reply.client_secret) return;
  if (!(await confirmedByHolder())) throw new PaymentNotConfirmedError('The payment was not confirmed.');
  if (payments.provider === 'stripe' && payments.stripePublishableKey) {
    const stripe = await loadStripeOnce(payments.stripePublishableKey);
    if (!stripe) throw new Error('Stripe.js has not yet loaded');
    const { error } = await stripe.confirmCardPayment(reply.client_secret);
    if (error) throw new PaymentNotConfirmedError(error.message ?? 'declined');
  } else {
    try {
      await confirmOfflinePayment(reply.client_secret);
    } catch (error) {
      if (error instanceof ApiError) throw new PaymentNotConfirmedError(error.reason ?? error.statusText);
      throw error;
    }
  }
  const [subscription] = (await refreshSubscription(reply.subscription_id)).filter(
    (s) => s.id === reply.subscription_id,
  );
  if (subscription?.status === 'requires_action')
    throw new PaymentNotConfirmedError('The payment was not confirmed.');
}
