import type { StorageProduct } from '../domain/storage-catalogue';

export interface ProviderCard {
  methodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A subscription as the provider sees it; times are epoch ms. */
export interface ProviderSubscription {
  id: string;
  /** requires_action: the first payment waits for the card holder (3-D Secure). */
  status: 'active' | 'trialing' | 'requires_action' | 'ended';
  clientSecret: string | null;
  periodStart: number;
  periodEnd: number;
}

/** What a verified webhook means for a subscription, in the provider's words made ours. */
export type PaymentEvent =
  | { kind: 'renewed'; subscriptionId: string; periodStart: number; periodEnd: number }
  | { kind: 'payment_failed'; subscriptionId: string }
  | { kind: 'ended'; subscriptionId: string }
  | { kind: 'ignored'; type: string };

/**
 * A card payment provider: Stripe, or the offline one that runs the same flow locally. The
 * subscription service holds the rules (what may change when); a provider only carries them out.
 * Failures the card holder caused (declined, expired) are thrown as `paymentFailed` with the reason.
 */
export interface PaymentProvider {
  readonly name: 'offline' | 'stripe';
  createCustomer(input: { userId: string; name: string; email: string }): Promise<string>;
  createSetupIntent(customerId: string): Promise<{ id: string; clientSecret: string }>;
  /** The card a confirmed setup intent saved; refused unless it succeeded for this customer. */
  finishSetupIntent(customerId: string, setupIntentId: string): Promise<ProviderCard>;
  createSubscription(input: {
    customerId: string;
    methodId: string;
    product: StorageProduct;
    trialDays: number;
    now: number;
  }): Promise<ProviderSubscription>;
  /** A new plan: `immediately` bills it now and starts a new period; otherwise it bills from the next one. */
  changePlan(input: {
    subscriptionId: string;
    product: StorageProduct;
    immediately: boolean;
    now: number;
  }): Promise<ProviderSubscription>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Ends a subscription at once: nothing more is billed. One that already ended is no error. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  deleteCustomer(customerId: string): Promise<void>;
}

/** Card brand from the number's first digits (what a card form shows before the provider answers). */
export function cardBrandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6][0-9]|7[01]|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

/** The Luhn check every card number passes. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}
