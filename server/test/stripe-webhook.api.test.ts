import { randomUUID } from 'node:crypto';
import { GIB } from '@nordlys/contract/constants';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';

const SECRET = 'whsec_api_test';
const PRODUCTS =
  'storage-100-monthly:100:2900:NOK:monthly:price_100m,storage-500-monthly:500:5900:NOK:monthly:price_500m';

describe.each(databaseKinds)('Stripe webhooks through the server (%s)', (kind) => {
  let t: TestApp;
  let now = Date.UTC(2026, 2, 1);
  let user: { userId: string; auth: string };
  const subscriptionId = `sub_${randomUUID()}`;

  const post = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/st/4/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
  const signed = (type: string, object: object) => {
    const body = JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type, data: { object } });
    return post(body, Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }));
  };
  const info = async () =>
    (await t.app.inject({ url: '/st/4/account_info', headers: { authorization: user.auth } })).json();

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        DEFAULT_STORAGE_GIB: '0',
        STRIPE_SECRET_KEY: 'sk_test_api',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_api',
        STRIPE_WEBHOOK_SECRET: SECRET,
        STORAGE_PRODUCTS: PRODUCTS,
      },
      clock: () => now,
    });
    user = await t.signUp();
    // A subscription as a Stripe purchase leaves it: paid to the end of March, its grant renewing.
    const id = randomUUID();
    await t.store.db
      .insertInto('subscriptions')
      .values({
        id,
        user_id: user.userId,
        provider: 'stripe',
        provider_subscription_id: subscriptionId,
        product_id: 'storage-100-monthly',
        status: 'active',
        period_start: Date.UTC(2026, 2, 1),
        period_end: Date.UTC(2026, 3, 1),
        cancel_at_period_end: 0,
        upcoming_product_id: 'storage-500-monthly',
        client_secret: null,
        created_at: now,
      })
      .execute();
    await t.store.db
      .insertInto('grants')
      .values({
        id: randomUUID(),
        user_id: user.userId,
        source: 'stripe',
        size_bytes: 100 * GIB,
        created_at: now,
        expires_at: null,
        subscription_id: id,
      })
      .execute();
  });
  afterAll(() => t.close());

  it('refuses an unsigned or wrongly signed event', async () => {
    const body = JSON.stringify({
      id: 'evt_x',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: subscriptionId } },
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_someone_else' });
    expect((await post(body, forged)).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/st/4/stripe/webhook',
          payload: body,
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await info()).max_space).toBe(100 * GIB);
  });

  it('renews on a paid invoice, the upcoming plan taking over', async () => {
    now = Date.UTC(2026, 3, 1, 1);
    const res = await signed('invoice.paid', {
      id: 'in_1',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
      lines: {
        object: 'list',
        data: [{ period: { start: Date.UTC(2026, 3, 1) / 1000, end: Date.UTC(2026, 4, 1) / 1000 } }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await info()).toMatchObject({ max_space: 500 * GIB, is_read_only_user: false });
    const [subscription] = (
      await t.app.inject({ url: '/st/4/stripe/subscriptions', headers: { authorization: user.auth } })
    ).json();
    expect(subscription).toMatchObject({ product_id: 'storage-500-monthly', upcoming_product: null });
  });

  it('ends the storage when the subscription is deleted', async () => {
    const res = await signed('customer.subscription.deleted', { id: subscriptionId, object: 'subscription' });
    expect(res.statusCode).toBe(200);
    now += 1000;
    expect(await info()).toMatchObject({ max_space: 0, is_read_only_user: true });
  });

  it('hands the publishable key to the web client, and keeps the offline card form closed', async () => {
    expect(t.config.payments).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_api' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/st/4/offline_payments/confirm_setup',
      headers: { authorization: user.auth },
      payload: {},
    });
    expect(res.statusCode).toBe(404);
  });
});
