import { ApiError } from '../../api/errors';
import type { PaymentCard } from '../../api/subscriptions.api';

export interface CardSetupCalls {
  customerExists(): Promise<unknown>;
  createCustomer(customer: { name: string; email: string }): Promise<unknown>;
  createSetupIntent(): Promise<{ id: string; client_secret: string }>;
  finishSetupIntent(setupIntentId: string): Promise<PaymentCard>;
}

export type CardSetupOutcome = { kind: 'saved'; card: PaymentCard } | { kind: 'stopped' };

/**
 * account.md §4 Setup of card: is the user a customer (404: create one, with the name falling back
 * to the e-mail; 409: stop), create a setup intent, let the card form confirm it with the payment
 * provider, finish it. The card form's failure (declined, 'Stripe.js has not yet loaded') is
 * thrown by `confirm` and passes through.
 */
export async function setUpCard(
  calls: CardSetupCalls,
  customer: { name: string; email: string },
  confirm: (clientSecret: string) => Promise<void>,
): Promise<CardSetupOutcome> {
  try {
    await calls.customerExists();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409) return { kind: 'stopped' };
    if (error.status !== 404) throw error;
    await calls.createCustomer({ name: customer.name.trim() || customer.email, email: customer.email });
  }
  const intent = await calls.createSetupIntent();
  await confirm(intent.client_secret);
  return { kind: 'saved', card: await calls.finishSetupIntent(intent.id) };
}

/** account.md §5: the text a failed confirmation shows. */
export class ConfirmSetupError extends Error {
  constructor(readonly reason: string) {
    super(`Confirm setup intent failed: ${reason}`);
  }
}

/**
 * A card the provider refused while the setup intent was confirmed (declined, expired, a wrong
 * number: 402 and 400): the holder can try another, so it reads as the spec's 'Confirm setup intent failed'
 * with the provider's own reason and the card step stays open. Anything else passes through.
 */
export function confirmSetupFailure(error: unknown): unknown {
  if (error instanceof ConfirmSetupError) return error;
  if (error instanceof ApiError && (error.status === 400 || error.status === 402))
    return new ConfirmSetupError(error.reason ?? error.statusText);
  return error;
}

/**
 * The provider refused to charge the card for a purchase or plan change (402 with its reason): the
 * holder can pay with another card, so the payment step stays open. Null for other failures.
 */
export function declinedChargeReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 402) return null;
  return error.reason ?? error.statusText;
}

/** The holder did not confirm a payment (3-D Secure), or the provider still waits: the purchase fails. */
export class PaymentNotConfirmedError extends Error {}

/** What the card step's form lends the wizard: whether it is complete, and how to confirm a setup intent. */
export interface CardFormController {
  complete: boolean;
  confirm(clientSecret: string): Promise<void>;
}
