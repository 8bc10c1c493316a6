import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors';
import type { StorageProduct } from '../domain/storage-catalogue';
import { createStripePaymentProvider } from './stripe-payment-provider';

interface Recorded {
  method: string;
  path: string;
  params: URLSearchParams;
}

class CannedResponse extends Stripe.HttpClientResponse {
  constructor(
    status: number,
    private readonly body: unknown,
  ) {
    super(status, { 'request-id': 'req_test' });
  }
  override getRawResponse() {
    return this.body;
  }
  override toStream(): never {
    throw new Error('not streamed');
  }
  override toJSON() {
    return Promise.resolve(this.body);
  }
}

/**
 * Stripe's servers cannot be reached from the tests: this HTTP client records each request the
 * SDK makes (method, path, form parameters) and answers with what Stripe documents.
 */
class RecordingClient extends Stripe.HttpClient {
  readonly requests: Recorded[] = [];
  constructor(private readonly answer: (request: Recorded) => [number, unknown]) {
    super();
  }
  override getClientName() {
    return 'recording';
  }
  override makeRequest(
    _host: string,
    _port: string,
    path: string,
    method: string,
    _headers: object,
    requestData: string,
  ) {
    const [pathname = '', query = ''] = path.split('?');
    const request = {
      method,
      path: pathname,
      params: new URLSearchParams(method === 'GET' ? query : requestData),
    };
    this.requests.push(request);
    const [status, body] = this.answer(request);
    return Promise.resolve(new CannedResponse(status, body));
  }
}

const product: StorageProduct = {
  id: 'storage-100-monthly',
  sizeGib: 100,
  price: 2900,
  currency: 'NOK',
  period: 'monthly',
  providerPriceId: 'price_100m',
};

const subscription = (status: string, extra: object = {}) => ({
  id: 'sub_1',
  object: 'subscription',
  status,
  start_date: 1_700_000_000,
  items: {
    object: 'list',
    data: [
      {
        id: 'si_1',
        object: 'subscription_item',
        current_period_start: 1_700_000_000,
        current_period_end: 1_702_592_000,
      },
    ],
  },
  latest_invoice: {
    id: 'in_1',
    object: 'invoice',
    confirmation_secret: { client_secret: 'pi_1_secret_x', type: 'payment_intent' },
  },
  ...extra,
});

const WEBHOOK_SECRET = 'whsec_test_secret';

function providerWith(answer: (request: Recorded) => [number, unknown]) {
  const client = new RecordingClient(answer);
  const provider = createStripePaymentProvider({
    secretKey: 'sk_test_123',
    webhookSecret: WEBHOOK_SECRET,
    httpClient: client,
  });
  return { client, provider };
}

describe('the Stripe adapter', () => {
  it('creates the customer, the off-session setup intent, and keeps the confirmed card as the default', async () => {
    const { client, provider } = providerWith(({ path }) => {
      if (path === '/v1/customers') return [200, { id: 'cus_1', object: 'customer' }];
      if (path === '/v1/setup_intents')
        return [200, { id: 'seti_1', object: 'setup_intent', client_secret: 'seti_1_secret_y' }];
      if (path === '/v1/setup_intents/seti_1')
        return [
          200,
          {
            id: 'seti_1',
            object: 'setup_intent',
            status: 'succeeded',
            customer: 'cus_1',
            payment_method: {
              id: 'pm_1',
              object: 'payment_method',
              card: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 },
            },
          },
        ];
      if (path === '/v1/customers/cus_1') return [200, { id: 'cus_1', object: 'customer' }];
      return [404, { error: { type: 'invalid_request_error', message: 'unexpected' } }];
    });
    expect(await provider.createCustomer({ userId: 'u1', name: 'Kari', email: 'kari@example.com' })).toBe(
      'cus_1',
    );
    expect(await provider.createSetupIntent('cus_1')).toEqual({
      id: 'seti_1',
      clientSecret: 'seti_1_secret_y',
    });
    expect(await provider.finishSetupIntent('cus_1', 'seti_1')).toEqual({
      methodId: 'pm_1',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 3,
      expYear: 2031,
    });
    await expect(provider.finishSetupIntent('cus_other', 'seti_1')).rejects.toThrow('No such setup intent');

    const [customer, intent, retrieve, setDefault] = client.requests;
    expect(customer).toMatchObject({ method: 'POST', path: '/v1/customers' });
    expect(Object.fromEntries(customer!.params)).toEqual({
      name: 'Kari',
      email: 'kari@example.com',
      'metadata[user_id]': 'u1',
    });
    expect(Object.fromEntries(intent!.params)).toEqual({ customer: 'cus_1', usage: 'off_session' });
    expect(retrieve).toMatchObject({ method: 'GET', path: '/v1/setup_intents/seti_1' });
    expect(retrieve!.params.get('expand[0]')).toBe('payment_method');
    expect(Object.fromEntries(setDefault!.params)).toEqual({
      'invoice_settings[default_payment_method]': 'pm_1',
    });
  });

  it('subscribes with the saved card, a trial when offered, and reads a pending 3-D Secure payment', async () => {
    const { client, provider } = providerWith(() => [200, subscription('incomplete')]);
    const view = await provider.createSubscription({
      customerId: 'cus_1',
      methodId: 'pm_1',
      product,
      trialDays: 0,
      now: 0,
    });
    expect(view).toEqual({
      id: 'sub_1',
      status: 'requires_action',
      clientSecret: 'pi_1_secret_x',
      periodStart: 1_700_000_000_000,
      periodEnd: 1_702_592_000_000,
    });
    expect(Object.fromEntries(client.requests[0]!.params)).toEqual({
      customer: 'cus_1',
      'items[0][price]': 'price_100m',
      default_payment_method: 'pm_1',
      payment_behavior: 'allow_incomplete',
      'metadata[product_id]': 'storage-100-monthly',
      'expand[0]': 'latest_invoice.confirmation_secret',
    });

    await provider.createSubscription({
      customerId: 'cus_1',
      methodId: 'pm_1',
      product,
      trialDays: 60,
      now: 0,
    });
    expect(client.requests[1]!.params.get('trial_period_days')).toBe('60');
  });

  it('answers a declined card with 402 and Stripe’s reason', async () => {
    const { provider } = providerWith(() => [
      402,
      { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
    ]);
    const failure = provider.createSubscription({
      customerId: 'cus_1',
      methodId: 'pm_1',
      product,
      trialDays: 0,
      now: 0,
    });
    await expect(failure).rejects.toBeInstanceOf(DomainError);
    await expect(failure).rejects.toMatchObject({
      kind: 'PaymentRequired',
      message: 'Your card was declined.',
    });
  });

  it('bills an upgrade now and a smaller plan from the next period', async () => {
    const { client, provider } = providerWith(() => [200, subscription('active')]);
    await provider.changePlan({ subscriptionId: 'sub_1', product, immediately: true, now: 0 });
    await provider.changePlan({ subscriptionId: 'sub_1', product, immediately: false, now: 0 });
    await provider.setCancelAtPeriodEnd('sub_1', true);
    const [, upgrade, , smaller, cancel] = client.requests;
    expect(Object.fromEntries(upgrade!.params)).toMatchObject({
      'items[0][id]': 'si_1',
      'items[0][price]': 'price_100m',
      proration_behavior: 'always_invoice',
      billing_cycle_anchor: 'now',
      payment_behavior: 'allow_incomplete',
    });
    expect(Object.fromEntries(smaller!.params)).toMatchObject({ proration_behavior: 'none' });
    expect(smaller!.params.has('billing_cycle_anchor')).toBe(false);
    expect(cancel).toMatchObject({ method: 'POST', path: '/v1/subscriptions/sub_1' });
    expect(Object.fromEntries(cancel!.params)).toEqual({ cancel_at_period_end: 'true' });
  });

  it('cancels a subscription at once, and takes one Stripe no longer has as already cancelled', async () => {
    const { client, provider } = providerWith((request) =>
      request.path.endsWith('sub_gone')
        ? [
            404,
            {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: 'No such subscription',
              },
            },
          ]
        : [200, subscription('canceled')],
    );
    await provider.cancelSubscription('sub_1');
    await provider.cancelSubscription('sub_gone');
    const [cancel, gone] = client.requests;
    expect(cancel).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_1' });
    expect([...cancel!.params]).toEqual([]);
    expect(gone).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_gone' });

    const { provider: failing } = providerWith(() => [
      500,
      { error: { type: 'api_error', message: 'down' } },
    ]);
    await expect(failing.cancelSubscription('sub_1')).rejects.toThrow('down');
  });

  describe('webhooks', () => {
    const { provider } = providerWith(() => [500, {}]);
    const sign = (payload: string, secret = WEBHOOK_SECRET) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const event = (type: string, object: object) =>
      JSON.stringify({ id: 'evt_1', object: 'event', type, data: { object } });

    it('reads a paid invoice as a renewal of its subscription for the invoiced period', () => {
      const body = event('invoice.paid', {
        id: 'in_2',
        object: 'invoice',
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
        lines: { object: 'list', data: [{ period: { start: 1_702_592_000, end: 1_705_270_400 } }] },
      });
      expect(provider.parseWebhook(body, sign(body))).toEqual({
        kind: 'renewed',
        subscriptionId: 'sub_1',
        periodStart: 1_702_592_000_000,
        periodEnd: 1_705_270_400_000,
      });
    });

    it('reads failed payments and deleted subscriptions, and ignores the rest', () => {
      const failed = event('invoice.payment_failed', {
        id: 'in_3',
        object: 'invoice',
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
      });
      expect(provider.parseWebhook(failed, sign(failed))).toEqual({
        kind: 'payment_failed',
        subscriptionId: 'sub_1',
      });
      const deleted = event('customer.subscription.deleted', { id: 'sub_1', object: 'subscription' });
      expect(provider.parseWebhook(deleted, sign(deleted))).toEqual({
        kind: 'ended',
        subscriptionId: 'sub_1',
      });
      const other = event('charge.succeeded', { id: 'ch_1', object: 'charge' });
      expect(provider.parseWebhook(other, sign(other))).toEqual({
        kind: 'ignored',
        type: 'charge.succeeded',
      });
    });

    it('refuses a body whose signature does not match: another secret, or altered bytes', () => {
      const body = event('customer.subscription.deleted', { id: 'sub_1', object: 'subscription' });
      expect(() => provider.parseWebhook(body, sign(body, 'whsec_other'))).toThrow('stripe-signature');
      expect(() => provider.parseWebhook(body.replace('sub_1', 'sub_2'), sign(body))).toThrow(
        'stripe-signature',
      );
    });
  });
});
