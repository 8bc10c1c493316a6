import { GIB } from '@nordlys/contract/constants';
import { OFFLINE_TEST_CARDS } from '@nordlys/contract/subscription';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { postUpload } from './upload-helpers';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 0, 10, 12);

describe.each(databaseKinds)('storage subscriptions on the offline provider (%s)', (kind) => {
  let t: TestApp;
  let now = START;
  let user: { userId: string; auth: string };

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: string, payload?: object) =>
    t.app.inject({ method, url: `/st/4${url}`, headers: { authorization: auth }, payload });
  const info = async (auth = user.auth) => (await call('GET', '/account_info', auth)).json();
  const grants = async (auth = user.auth) => (await call('GET', '/user_grants', auth)).json();
  const subscriptionGrant = async () =>
    (await grants()).find((g: { source: string }) => g.source === 'stripe');
  const follow = (href: string, auth = user.auth) =>
    t.app.inject({ method: 'POST', url: href, headers: { authorization: auth } });

  /** §4 Setup of card, as the client runs it, with one of the offline provider's test cards. */
  async function saveCard(auth: string, number: string) {
    const exists = await call('GET', '/stripe/customer_exists', auth);
    if (exists.statusCode === 404) {
      expect(
        (await call('POST', '/stripe/create_customer', auth, { name: '', email: 'kari@example.com' }))
          .statusCode,
      ).toBe(201);
    }
    const intent = (await call('POST', '/stripe/create_setup_intent', auth)).json();
    const confirmed = await call('POST', '/offline_payments/confirm_setup', auth, {
      client_secret: intent.client_secret,
      number,
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
    if (confirmed.statusCode !== 204) return confirmed;
    return call('POST', '/stripe/finish_setup_intent', auth, { setup_intent_id: intent.id });
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { DEFAULT_STORAGE_GIB: '0' }, clock: () => now });
    user = await t.signUp();
  });
  afterAll(() => t.close());

  it('sells the default catalogue and offers no trial unless configured', async () => {
    const res = await call('GET', '/stripe_products', user.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.available_trial).toBe(0);
    expect(body.products).toHaveLength(6);
    expect(body.products[0]).toEqual({
      id: 'storage-100-monthly',
      size: 100,
      price: 2900,
      currency: 'NOK',
      period: 'monthly',
    });
    expect((await t.app.inject({ url: '/st/4/stripe_products' })).statusCode).toBe(401);
  });

  it('makes an account without any grant read-only: no uploads', async () => {
    expect(await info()).toMatchObject({ is_read_only_user: true, max_space: 0 });
    const upload = await postUpload(t, user.auth, 'a.txt', Buffer.from('hello'));
    expect(upload.statusCode).toBe(403);
    expect(await grants()).toEqual([]);
  });

  it('sets up a card: customer, setup intent, a declined card refused, a good one saved', async () => {
    expect((await call('GET', '/stripe_payment_method', user.auth)).statusCode).toBe(404);
    expect((await call('GET', '/stripe/customer_exists', user.auth)).statusCode).toBe(404);
    expect((await call('POST', '/stripe/create_setup_intent', user.auth)).statusCode).toBe(404);

    const declined = await saveCard(user.auth, OFFLINE_TEST_CARDS.declines);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: 'Your card was declined.' });
    expect((await call('GET', '/stripe/customer_exists', user.auth)).statusCode).toBe(200);
    expect(
      (await call('POST', '/stripe/create_customer', user.auth, { name: 'K', email: 'k@example.com' }))
        .statusCode,
    ).toBe(409);

    const bad = await saveCard(user.auth, '4242424242424241');
    expect(bad.statusCode).toBe(400);

    const saved = await saveCard(user.auth, OFFLINE_TEST_CARDS.succeeds);
    expect(saved.statusCode).toBe(200);
    const card = (await call('GET', '/stripe_payment_method', user.auth)).json();
    expect(card).toEqual({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });
  });

  it('refuses to finish a setup intent that was never confirmed', async () => {
    const intent = (await call('POST', '/stripe/create_setup_intent', user.auth)).json();
    const res = await call('POST', '/stripe/finish_setup_intent', user.auth, { setup_intent_id: intent.id });
    expect(res.statusCode).toBe(400);
    const other = await t.signUp();
    expect(
      (await call('POST', '/stripe/finish_setup_intent', other.auth, { setup_intent_id: intent.id }))
        .statusCode,
    ).toBe(404);
  });

  it('buys a plan: storage at once, writable, a grant that renews with a cancel link', async () => {
    expect((await call('POST', '/stripe/v1/purchase', user.auth, { plan: 'nope' })).statusCode).toBe(400);
    const res = await call('POST', '/stripe/v1/purchase', user.auth, { plan: 'storage-100-monthly' });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBeUndefined();
    expect(await info()).toMatchObject({ is_read_only_user: false, max_space: 100 * GIB });
    const grant = await subscriptionGrant();
    expect(grant).toMatchObject({
      size: 100,
      stripe_product_id: 'storage-100-monthly',
      expires_at: null,
      renews_at: Math.floor(Date.UTC(2026, 1, 10, 12) / 1000),
    });
    expect(Object.keys(grant._links)).toEqual(['cancel']);
    expect((await postUpload(t, user.auth, 'a.txt', Buffer.from('hello'))).statusCode).toBe(201);
    expect(
      (await call('POST', '/stripe/v1/purchase', user.auth, { plan: 'storage-500-monthly' })).statusCode,
    ).toBe(409);
  });

  it('upgrades at once and keeps a smaller plan upcoming until the period ends; cancelling it keeps the current', async () => {
    now += 5 * DAY;
    const upgraded = await call('PUT', '/stripe/v1/purchase', user.auth, { plan: 'storage-500-monthly' });
    expect(upgraded.statusCode).toBe(200);
    expect((await info()).max_space).toBe(500 * GIB);
    // Billed at once: a new period starts now.
    expect((await subscriptionGrant()).renews_at).toBe(Math.floor(Date.UTC(2026, 1, 15, 12) / 1000));

    expect(
      (await call('PUT', '/stripe/v1/purchase', user.auth, { plan: 'storage-500-monthly' })).json(),
    ).toEqual({ error: 'same_plan' });
    expect(
      (await call('PUT', '/stripe/v1/purchase', user.auth, { plan: 'storage-100-monthly' })).statusCode,
    ).toBe(200);
    expect((await info()).max_space).toBe(500 * GIB);
    const [subscription] = (await call('GET', '/stripe/subscriptions', user.auth)).json();
    expect(subscription.upcoming_product).toEqual({
      product_id: 'storage-100-monthly',
      start_at: Math.floor(Date.UTC(2026, 1, 15, 12) / 1000),
    });

    const grant = await subscriptionGrant();
    expect(grant._links.cancel_upcoming).toBeDefined();
    const after = await follow(grant._links.cancel_upcoming.href);
    expect(after.statusCode).toBe(200);
    const [again] = (await call('GET', '/stripe/subscriptions', user.auth)).json();
    expect(again.upcoming_product).toBeNull();
    expect(again.product_id).toBe('storage-500-monthly');
  });

  it('applies an upcoming plan at the renewal', async () => {
    await call('PUT', '/stripe/v1/purchase', user.auth, { plan: 'storage-100-monthly' });
    now = Date.UTC(2026, 1, 15, 13);
    expect((await info()).max_space).toBe(500 * GIB);
    const grant = await subscriptionGrant();
    expect(grant).toMatchObject({ size: 100, stripe_product_id: 'storage-100-monthly' });
    expect(grant.renews_at).toBe(Math.floor(Date.UTC(2026, 2, 15, 12) / 1000));
    expect((await info()).max_space).toBe(100 * GIB);
  });

  it('refuses a plan smaller than what is stored and yearly back to monthly', async () => {
    await t.store.db
      .updateTable('user_usage')
      .set({ used_space: 150 * GIB })
      .where('user_id', '=', user.userId)
      .execute();
    expect(
      (await call('PUT', '/stripe/v1/purchase', user.auth, { plan: 'storage-100-yearly' })).json(),
    ).toEqual({
      error: 'INSUFFICIENT_STORAGE_PLAN',
    });
    await t.store.db
      .updateTable('user_usage')
      .set({ used_space: 5 })
      .where('user_id', '=', user.userId)
      .execute();
    expect(
      (await call('PUT', '/stripe/v1/purchase', user.auth, { plan: 'storage-100-yearly' })).statusCode,
    ).toBe(200);
    expect((await subscriptionGrant()).renews_at).toBe(Math.floor(Date.UTC(2027, 1, 15, 13) / 1000));
    expect(
      (await call('PUT', '/stripe/v1/purchase', user.auth, { plan: 'storage-500-monthly' })).json(),
    ).toEqual({
      error: 'PLAN_IS_DOWNGRADE',
    });
  });

  it('cancels (storage kept to the end), reactivates, and becomes read-only after a cancelled period ends', async () => {
    const grant = await subscriptionGrant();
    const stranger = await t.signUp();
    expect((await follow(grant._links.cancel.href, stranger.auth)).statusCode).toBe(404);

    const cancelled = (await follow(grant._links.cancel.href)).json();
    const afterCancel = cancelled.find((g: { id: string }) => g.id === grant.id);
    expect(afterCancel.expires_at).toBe(grant.renews_at);
    expect(afterCancel.renews_at).toBeNull();
    expect(Object.keys(afterCancel._links)).toEqual(['reactivate']);
    expect((await follow(grant._links.cancel.href)).statusCode).toBe(409);

    const reactivated = (await follow(afterCancel._links.reactivate.href)).json();
    expect(reactivated[0]).toMatchObject({ expires_at: null, renews_at: grant.renews_at });

    await follow(reactivated[0]._links.cancel.href);
    now = grant.renews_at * 1000 - 1000;
    expect(await info()).toMatchObject({ is_read_only_user: false, max_space: 100 * GIB });
    now = grant.renews_at * 1000 + 1000;
    expect(await info()).toMatchObject({ is_read_only_user: true, max_space: 0 });
    expect((await postUpload(t, user.auth, 'b.txt', Buffer.from('again'))).statusCode).toBe(403);
    expect(await grants()).toEqual([]);
    expect((await call('GET', '/stripe/subscriptions', user.auth)).json()).toEqual([]);
  });

  it('resubscribes after the end, without a second trial', async () => {
    const res = await call('POST', '/stripe/v1/purchase', user.auth, { plan: 'storage-500-monthly' });
    expect(res.statusCode).toBe(201);
    expect(await info()).toMatchObject({ is_read_only_user: false, max_space: 500 * GIB });
  });

  it('waits for the holder of a needs-action card before giving storage', async () => {
    const other = await t.signUp();
    expect((await saveCard(other.auth, OFFLINE_TEST_CARDS.needsAction)).statusCode).toBe(200);
    const res = await call('POST', '/stripe/v1/purchase', other.auth, { plan: 'storage-100-monthly' });
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer.status).toBe('requires_action');
    expect(answer.client_secret).toEqual(expect.any(String));
    expect(await info(other.auth)).toMatchObject({ is_read_only_user: true, max_space: 0 });
    expect((await call('GET', '/stripe/subscriptions', other.auth)).json()[0].status).toBe('requires_action');

    expect(
      (
        await call('POST', '/offline_payments/confirm_payment', other.auth, {
          client_secret: `${answer.client_secret}x`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', '/offline_payments/confirm_payment', other.auth, {
          client_secret: answer.client_secret,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await call('POST', `/stripe/v1/subscriptions/${answer.subscription_id}/refresh`, user.auth))
        .statusCode,
    ).toBe(404);
    const refreshed = await call(
      'POST',
      `/stripe/v1/subscriptions/${answer.subscription_id}/refresh`,
      other.auth,
    );
    expect(refreshed.json()[0].status).toBe('active');
    expect(await info(other.auth)).toMatchObject({ is_read_only_user: false, max_space: 100 * GIB });
  });

  it('ends the subscription with the provider when the account deletion is requested', async () => {
    const leaving = await t.signUp();
    expect((await saveCard(leaving.auth, OFFLINE_TEST_CARDS.succeeds)).statusCode).toBe(200);
    expect(
      (await call('POST', '/stripe/v1/purchase', leaving.auth, { plan: 'storage-100-monthly' })).statusCode,
    ).toBe(201);
    const [bought] = (await call('GET', '/stripe/subscriptions', leaving.auth)).json();
    const subscriptionRow = () =>
      t.store.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', bought.id)
        .executeTakeFirstOrThrow();
    const providerStatus = async () => {
      const { provider_subscription_id: id } = await subscriptionRow();
      const object = await t.store.db
        .selectFrom('offline_payment_objects')
        .select('data')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return JSON.parse(object.data).status;
    };
    expect(await providerStatus()).toBe('active');

    const requested = await call('POST', '/data_protection/request_account_deletion', leaving.auth);
    expect(requested.statusCode, requested.body).toBe(202);
    // At the request, not at the erasure 30 days later: nothing more is billed.
    expect(await providerStatus()).toBe('ended');
    expect(await subscriptionRow()).toMatchObject({ status: 'ended', cancel_at_period_end: 0 });
    const grant = await t.store.db
      .selectFrom('grants')
      .selectAll()
      .where('subscription_id', '=', bought.id)
      .executeTakeFirstOrThrow();
    expect(Number(grant.expires_at)).toBe(now);
  });

  it('keeps the test route closed unless test endpoints are on', async () => {
    expect((await call('POST', '/test/delete_stripe_data', user.auth)).statusCode).toBe(404);
  });
});

describe.each(databaseKinds)('storage subscriptions with a trial and test endpoints (%s)', (kind) => {
  let t: TestApp;
  let now = START;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { DEFAULT_STORAGE_GIB: '0', TRIAL_DAYS: '60', TEST_ENDPOINTS: 'true' },
      clock: () => now,
    });
  });
  afterAll(() => t.close());

  it('gives a first subscription its free days, then deletes test payment data on request', async () => {
    const { auth } = await t.signUp();
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url: `/st/4${url}`, headers: { authorization: auth }, payload });
    expect((await call('GET', '/stripe_products')).json().available_trial).toBe(60);
    await call('POST', '/stripe/create_customer', { name: 'Ola', email: 'ola@example.com' });
    const intent = (await call('POST', '/stripe/create_setup_intent')).json();
    await call('POST', '/offline_payments/confirm_setup', {
      client_secret: intent.client_secret,
      number: '4242 4242 4242 4242',
      exp_month: 1,
      exp_year: 2027,
      cvc: '999',
    });
    await call('POST', '/stripe/finish_setup_intent', { setup_intent_id: intent.id });
    expect((await call('POST', '/stripe/v1/purchase', { plan: 'storage-100-yearly' })).statusCode).toBe(201);
    const [subscription] = (await call('GET', '/stripe/subscriptions')).json();
    expect(subscription).toMatchObject({
      status: 'trialing',
      current_period_end: Math.floor((START + 60 * DAY) / 1000),
    });
    expect((await call('GET', '/stripe_products')).json().available_trial).toBe(0);

    now = START + 61 * DAY;
    const [renewed] = (await call('GET', '/stripe/subscriptions')).json();
    expect(renewed.status).toBe('active');

    expect((await call('POST', '/test/delete_stripe_data')).statusCode).toBe(204);
    expect((await call('GET', '/stripe/customer_exists')).statusCode).toBe(404);
    expect((await call('GET', '/stripe_payment_method')).statusCode).toBe(404);
    expect((await call('GET', '/user_grants')).json()).toEqual([]);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/st/4/account_info', headers: { authorization: auth } })
      ).json().is_read_only_user,
    ).toBe(true);
  });
});
