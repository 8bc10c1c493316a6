import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { PaymentNotConfirmedError } from './card-setup';
import { completePaymentAction } from './payment-actions';

const offline = { provider: 'offline', stripePublishableKey: null } as const;
const reply = { subscription_id: 'sub', status: 'requires_action', client_secret: 'sub_secret_x' } as const;
const subscription = (status: string) => [
  {
    id: 'sub',
    product_id: 'p',
    status,
    current_period_end: 1,
    cancel_at_period_end: false,
    upcoming_product: null,
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('a payment that needs the card holder', () => {
  it('does nothing when no action is asked for', async () => {
    const calls = fakeApi({});
    await completePaymentAction(offline, { subscription_id: 'sub' }, async () => true);
    expect(calls).toEqual([]);
  });

  it('confirms with the offline provider once the holder agrees, then reads the subscription again', async () => {
    const calls = fakeApi({
      'POST /offline_payments/confirm_payment': new Response(null, { status: 204 }),
      'POST /stripe/v1/subscriptions/sub/refresh': jsonResponse(subscription('active')),
    });
    await completePaymentAction(offline, reply, async () => true);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /offline_payments/confirm_payment',
      'POST /stripe/v1/subscriptions/sub/refresh',
    ]);
    expect(calls[0]?.body).toEqual({ client_secret: 'sub_secret_x' });
  });

  it('fails as declined when the holder does not confirm, or the provider still waits', async () => {
    const calls = fakeApi({
      'POST /offline_payments/confirm_payment': new Response(null, { status: 204 }),
      'POST /stripe/v1/subscriptions/sub/refresh': jsonResponse(subscription('requires_action')),
    });
    await expect(completePaymentAction(offline, reply, async () => false)).rejects.toBeInstanceOf(
      PaymentNotConfirmedError,
    );
    expect(calls).toEqual([]);
    await expect(completePaymentAction(offline, reply, async () => true)).rejects.toBeInstanceOf(
      PaymentNotConfirmedError,
    );
  });
});
