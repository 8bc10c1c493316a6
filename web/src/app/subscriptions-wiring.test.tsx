import { GIB } from '@nordlys/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadQueueActions } from '../features/upload/upload-queue.slice';
import { sampleAccount } from '../test/account.test-data';
import { fakeApi, jsonResponse } from '../test/fake-api';
import { wireFileActions } from './file-actions-wiring';
import { openSubscriptionRequired, wireSubscriptions } from './subscriptions-wiring';
import { renderAppAt } from './test-utils';

const products = {
  products: [
    { id: 's100m', size: 100, price: 2900, currency: 'NOK', period: 'monthly' },
    { id: 's100y', size: 100, price: 29000, currency: 'NOK', period: 'yearly' },
  ],
  available_trial: 60,
};
const grant = {
  id: 'g1',
  source: 'stripe',
  size: 100,
  renews_at: 1_900_000_000,
  expires_at: null,
  stripe_product_id: 's100m',
  _links: { cancel: { href: '/st/4/user_grants/g1/cancel' } },
};

afterEach(() => vi.unstubAllGlobals());

describe('/settings/storage', () => {
  it('shows use, sources, the subscription and the card, and follows the cancel link once confirmed', async () => {
    wireSubscriptions((() => undefined) as never);
    // The over-80 % popup was closed a moment ago, so the page itself is in front.
    localStorage.setItem('nordlys.storagePopupSilences', JSON.stringify({ over80: Date.now() + 60_000 }));
    const calls = fakeApi({
      'GET /stripe_products': jsonResponse(products),
      'GET /user_grants': jsonResponse([
        grant,
        { ...grant, id: 'b2b', source: 'b2b', size: 2000, stripe_product_id: null, _links: {} },
      ]),
      'GET /stripe/subscriptions': jsonResponse([
        {
          id: 'sub',
          product_id: 's100m',
          status: 'active',
          current_period_end: 1_900_000_000,
          cancel_at_period_end: false,
          upcoming_product: null,
        },
      ]),
      'GET /stripe_payment_method': jsonResponse({
        brand: 'visa',
        last4: '4242',
        exp_month: 3,
        exp_year: 2031,
      }),
      'POST /user_grants/g1/cancel': jsonResponse([]),
    });
    renderAppAt('/settings/storage', undefined, {
      account: sampleAccount({ used_space: 90 * GIB, max_space: 100 * GIB }),
    });
    await screen.findByText('Credit card ending in 4242', {}, { timeout: 5000 });
    expect(screen.getByText('Expires 03/31')).toBeTruthy();
    expect(screen.getByText('90 GB of 100 GB used')).toBeTruthy();
    expect(screen.getByText('You have used more than 80 % of your storage.')).toBeTruthy();
    expect(screen.getByText(/^100 GB · NOK.29\/month$/)).toBeTruthy();
    expect(screen.getByText('From your business agreement')).toBeTruthy();
    const cancelled = () => calls.some((c) => c.method === 'POST' && c.path === '/user_grants/g1/cancel');
    // Asked first: keeping it cancels nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    let ask = await screen.findByRole(
      'alertdialog',
      { name: 'Cancel your subscription?' },
      { timeout: 5000 },
    );
    expect(ask.textContent).toContain("You keep your plan's storage until ");
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep subscription' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(cancelled()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    ask = await screen.findByRole('alertdialog', { name: 'Cancel your subscription?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(cancelled()).toBe(true));
  });

  it('buys a plan through the wizard with the offline card form', async () => {
    wireSubscriptions((() => undefined) as never);
    let bought = false;
    const calls = fakeApi({
      'GET /stripe_products': jsonResponse(products),
      'GET /user_grants': () => jsonResponse(bought ? [grant] : []),
      'GET /stripe/subscriptions': jsonResponse([]),
      'GET /stripe_payment_method': jsonResponse({ error: 'no_payment_method' }, 404),
      'GET /stripe/customer_exists': jsonResponse({ error: 'no_customer' }, 404),
      'POST /stripe/create_customer': new Response(null, { status: 201 }),
      'POST /stripe/create_setup_intent': jsonResponse({ id: 'seti', client_secret: 'seti_secret_x' }),
      'POST /offline_payments/confirm_setup': new Response(null, { status: 204 }),
      'POST /stripe/finish_setup_intent': jsonResponse({
        brand: 'visa',
        last4: '4242',
        exp_month: 1,
        exp_year: 2030,
      }),
      'POST /stripe/v1/purchase': () => {
        bought = true;
        return jsonResponse({ subscription_id: 'sub' }, 201);
      },
    });
    renderAppAt('/settings/storage', undefined, {
      account: sampleAccount({ is_read_only_user: true, max_space: 0 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }, { timeout: 5000 }));
    const welcome = await screen.findByRole('dialog', { name: 'Get more storage' }, { timeout: 5000 });
    await within(welcome).findByText('Take part in shared albums', {}, { timeout: 5000 });
    expect(within(welcome).getByText('The first 2 months are free.')).toBeTruthy();
    await userEvent.click(within(welcome).getByRole('button', { name: 'See plans' }));
    const plans = await screen.findByRole('dialog', { name: 'Choose a plan' });
    await userEvent.click(within(plans).getByRole('button', { name: /290\/year/ }));
    await userEvent.click(within(plans).getByRole('checkbox'));
    await userEvent.click(within(plans).getByRole('button', { name: 'Continue' }));
    const payment = await screen.findByRole('dialog', { name: 'Payment' });
    const pay = within(payment).getByRole('button', { name: 'Confirm and pay' });
    expect((pay as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(payment).getByLabelText(/Card number/), '4242 4242 4242 4242');
    await userEvent.type(within(payment).getByLabelText(/Expiry date/), '01/30');
    await userEvent.type(within(payment).getByLabelText(/CVC/), '123');
    await userEvent.click(pay);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Payment' })).toBeNull());
    const sequence = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(sequence).toEqual([
      '/stripe/create_customer',
      '/stripe/create_setup_intent',
      '/offline_payments/confirm_setup',
      '/stripe/finish_setup_intent',
      '/stripe/v1/purchase',
    ]);
    expect(calls.find((c) => c.path === '/stripe/create_customer')?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    expect(calls.find((c) => c.path === '/stripe/v1/purchase')?.body).toEqual({ plan: 's100y' });
  });

  it('asks the holder to confirm a payment that needs it, then reads the subscription again', async () => {
    wireSubscriptions((() => undefined) as never);
    let confirmed = false;
    const calls = fakeApi({
      'GET /stripe_products': jsonResponse(products),
      'GET /user_grants': () => jsonResponse(confirmed ? [grant] : []),
      'GET /stripe/subscriptions': jsonResponse([]),
      'GET /stripe_payment_method': jsonResponse({ error: 'no_payment_method' }, 404),
      'GET /stripe/customer_exists': new Response(null, { status: 200 }),
      'POST /stripe/create_setup_intent': jsonResponse({ id: 'seti', client_secret: 'seti_secret_x' }),
      'POST /offline_payments/confirm_setup': new Response(null, { status: 204 }),
      'POST /stripe/finish_setup_intent': jsonResponse({
        brand: 'visa',
        last4: '3184',
        exp_month: 1,
        exp_year: 2030,
      }),
      'POST /stripe/v1/purchase': jsonResponse(
        { subscription_id: 'sub', status: 'requires_action', client_secret: 'sub_secret_y' },
        201,
      ),
      'POST /offline_payments/confirm_payment': () => {
        confirmed = true;
        return new Response(null, { status: 204 });
      },
      'POST /stripe/v1/subscriptions/sub/refresh': jsonResponse([
        {
          id: 'sub',
          product_id: 's100m',
          status: 'active',
          current_period_end: 1_900_000_000,
          cancel_at_period_end: false,
          upcoming_product: null,
        },
      ]),
    });
    renderAppAt('/settings/storage', undefined, {
      account: sampleAccount({ is_read_only_user: true, max_space: 0 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }, { timeout: 5000 }));
    const welcome = await screen.findByRole('dialog', { name: 'Get more storage' }, { timeout: 5000 });
    await userEvent.click(await within(welcome).findByRole('button', { name: 'See plans' }));
    const plans = await screen.findByRole('dialog', { name: 'Choose a plan' });
    await userEvent.click(within(plans).getByRole('button', { name: /29\/month/ }));
    await userEvent.click(within(plans).getByRole('checkbox'));
    await userEvent.click(within(plans).getByRole('button', { name: 'Continue' }));
    const payment = await screen.findByRole('dialog', { name: 'Payment' });
    await userEvent.type(within(payment).getByLabelText(/Card number/), '4000 0027 6000 3184');
    await userEvent.type(within(payment).getByLabelText(/Expiry date/), '01/30');
    await userEvent.type(within(payment).getByLabelText(/CVC/), '123');
    await userEvent.click(within(payment).getByRole('button', { name: 'Confirm and pay' }));

    const holder = await screen.findByRole('dialog', { name: 'Confirm the payment' });
    expect(within(holder).getByText('Your bank asks you to confirm this payment.')).toBeTruthy();
    // Nothing is confirmed until the holder says so.
    expect(calls.some((c) => c.path === '/offline_payments/confirm_payment')).toBe(false);
    await userEvent.click(within(holder).getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm the payment' })).toBeNull());
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posts.slice(-3)).toEqual([
      '/stripe/v1/purchase',
      '/offline_payments/confirm_payment',
      '/stripe/v1/subscriptions/sub/refresh',
    ]);
    expect(calls.find((c) => c.path === '/offline_payments/confirm_payment')?.body).toEqual({
      client_secret: 'sub_secret_y',
    });
  });

  it('changes the plan of an active subscription with the saved card', async () => {
    wireSubscriptions((() => undefined) as never);
    localStorage.setItem('nordlys.storagePopupSilences', JSON.stringify({ over80: Date.now() + 60_000 }));
    const calls = fakeApi({
      'GET /stripe_products': jsonResponse(products),
      'GET /user_grants': jsonResponse([grant]),
      'GET /stripe/subscriptions': jsonResponse([
        {
          id: 'sub',
          product_id: 's100m',
          status: 'active',
          current_period_end: 1_900_000_000,
          cancel_at_period_end: false,
          upcoming_product: null,
        },
      ]),
      'GET /stripe_payment_method': jsonResponse({
        brand: 'visa',
        last4: '4242',
        exp_month: 3,
        exp_year: 2031,
      }),
      'PUT /stripe/v1/purchase': jsonResponse({ subscription_id: 'sub' }),
    });
    renderAppAt('/settings/storage', undefined, { account: sampleAccount() });
    await userEvent.click(await screen.findByRole('button', { name: 'Change plan' }, { timeout: 5000 }));
    const plans = await screen.findByRole('dialog', { name: 'Choose a plan' });
    // The current plan is marked, and there is no way back to a welcome step.
    expect(within(plans).getByText('Active')).toBeTruthy();
    expect(within(plans).queryByRole('button', { name: 'Back' })).toBeNull();
    await userEvent.click(within(plans).getByRole('button', { name: /290\/year/ }));
    await userEvent.click(within(plans).getByRole('checkbox'));
    await userEvent.click(within(plans).getByRole('button', { name: 'Change plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose a plan' })).toBeNull());
    const change = calls.find((c) => c.method === 'PUT' && c.path === '/stripe/v1/purchase');
    expect(change?.body).toEqual({ plan: 's100y' });
    // Saved card: no card set-up, no purchase.
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('opens the Subscription overlay when a read-only account tries to upload', async () => {
    fakeApi({
      'GET /stripe_products': jsonResponse(products),
      'GET /user_grants': jsonResponse([]),
      'GET /stripe/subscriptions': jsonResponse([]),
      'GET /stripe_payment_method': jsonResponse({ error: 'no_payment_method' }, 404),
    });
    renderAppAt('/help', undefined, { account: sampleAccount({ is_read_only_user: true, max_space: 0 }) });
    const upload = await screen.findByRole('button', { name: 'Upload' }, { timeout: 5000 });
    await waitFor(() => expect(upload.getAttribute('aria-disabled')).toBe('true'));
    expect(screen.queryByRole('dialog', { name: 'Get more storage' })).toBeNull();
    await userEvent.click(upload);
    const welcome = await screen.findByRole('dialog', { name: 'Get more storage' }, { timeout: 5000 });
    // Not the upload dialog: a subscription comes first.
    expect(screen.queryByRole('dialog', { name: /Upload/ })).toBeNull();
    await userEvent.click(within(welcome).getByRole('button', { name: 'See plans' }));
    expect(await screen.findByRole('dialog', { name: 'Choose a plan' })).toBeTruthy();
  });

  it('warns once over 95 % with used and max storage; buy more storage leads here', async () => {
    localStorage.clear();
    fakeApi({
      'GET /stripe_products': jsonResponse(products),
      'GET /user_grants': jsonResponse([]),
      'GET /stripe/subscriptions': jsonResponse([]),
    });
    const { router } = renderAppAt('/photos', undefined, {
      account: sampleAccount({ used_space: 97 * GIB, max_space: 100 * GIB }),
    });
    // Space is left, so it is not called full; the sizes are in GB.
    const popup = await screen.findByRole(
      'alertdialog',
      { name: "You're almost out of storage" },
      { timeout: 5000 },
    );
    expect(within(popup).getByText(/using 97 GB of 100 GB, over 95 %/)).toBeTruthy();
    await userEvent.click(within(popup).getByRole('button', { name: 'Buy more storage' }));
    await waitFor(() => expect(router.location.pathname).toBe('/settings/storage'));
    expect(JSON.parse(localStorage.getItem('nordlys.storagePopupSilences') ?? '{}').over95).toBeGreaterThan(
      Date.now(),
    );
  });

  it('opens the out-of-storage popup, used and max read afresh in GB, for each upload batch that does not fit', async () => {
    localStorage.clear();
    const accountReads: number[] = [];
    fakeApi({
      'GET /account_info': () => {
        accountReads.push(Date.now());
        return jsonResponse(sampleAccount({ used_space: 10.5 * GIB, max_space: 15 * GIB }));
      },
    });
    const { store, router } = renderAppAt('/photos', undefined, {
      account: sampleAccount({ used_space: 1 * GIB, max_space: 15 * GIB }),
    });
    const unwire = wireFileActions(store.getState);
    try {
      const tooBig = (id: string) => ({ id, name: `${id}.jpg`, size: 2 * GIB, mtime: 1 });
      store.dispatch(uploadQueueActions.filesAdded([tooBig('a')]));
      store.dispatch(uploadQueueActions.batchOverSpace(['a']));
      let popup = await screen.findByRole('alertdialog', { name: 'Not enough storage' }, { timeout: 5000 });
      expect(popup.textContent).toContain("There isn't room for these files: you're using 10.5 GB of 15 GB.");
      expect(accountReads.length).toBeGreaterThan(0);
      await userEvent.click(within(popup).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(router.location.pathname).toBe('/photos');

      // The flag is still up from the first batch; the next one that does not fit asks again.
      store.dispatch(uploadQueueActions.filesAdded([tooBig('b')]));
      store.dispatch(uploadQueueActions.batchOverSpace(['b']));
      popup = await screen.findByRole('alertdialog', { name: 'Not enough storage' }, { timeout: 5000 });
      await userEvent.click(within(popup).getByRole('button', { name: 'Buy more storage' }));
      await waitFor(() => expect(router.location.pathname).toBe('/settings/storage'));
    } finally {
      unwire();
    }
  });

  it('says what going on without a subscription means: read-only with no plan, the storage kept with a free one', async () => {
    fakeApi({
      'GET /stripe_products': jsonResponse(products),
      'GET /user_grants': jsonResponse([]),
      'GET /stripe/subscriptions': jsonResponse([]),
      'GET /stripe_payment_method': jsonResponse({ error: 'no_payment_method' }, 404),
    });
    const noSubscription = async () => {
      const welcome = await screen.findByRole('dialog', { name: 'Get more storage' }, { timeout: 5000 });
      await userEvent.click(
        await within(welcome).findByRole('button', { name: 'Not now' }, { timeout: 5000 }),
      );
      return screen.findByRole('dialog', { name: 'Continue without a subscription?' });
    };
    const free = renderAppAt('/help', undefined, {
      account: sampleAccount({ is_read_only_user: false, used_space: 0, max_space: 15 * GIB }),
    });
    openSubscriptionRequired();
    let nosub = await noSubscription();
    expect(nosub.textContent).toContain(
      'You keep the 15 GB of storage you have now and can upload until it is full.',
    );
    expect(nosub.textContent).not.toContain('read-only');
    await userEvent.click(within(nosub).getByRole('button', { name: 'Close' }));
    free.unmount();

    renderAppAt('/help', undefined, { account: sampleAccount({ is_read_only_user: true, max_space: 0 }) });
    openSubscriptionRequired();
    nosub = await noSubscription();
    expect(nosub.textContent).toContain('Without a subscription your account is read-only');
    await userEvent.click(within(nosub).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the payment step open with the reason when the saved card is refused, offering another card', async () => {
    wireSubscriptions((() => undefined) as never);
    const calls = fakeApi({
      'GET /stripe_products': jsonResponse(products),
      'GET /user_grants': jsonResponse([]),
      'GET /stripe/subscriptions': jsonResponse([]),
      'GET /stripe_payment_method': jsonResponse({
        brand: 'visa',
        last4: '0341',
        exp_month: 3,
        exp_year: 2031,
      }),
      'POST /stripe/v1/purchase': jsonResponse({ error: 'Your card has insufficient funds.' }, 402),
    });
    renderAppAt('/settings/storage', undefined, {
      account: sampleAccount({ is_read_only_user: true, max_space: 0 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }, { timeout: 5000 }));
    const welcome = await screen.findByRole('dialog', { name: 'Get more storage' }, { timeout: 5000 });
    await userEvent.click(
      await within(welcome).findByRole('button', { name: 'See plans' }, { timeout: 5000 }),
    );
    const plans = await screen.findByRole('dialog', { name: 'Choose a plan' });
    await userEvent.click(within(plans).getByRole('button', { name: /29\/month/ }));
    await userEvent.click(within(plans).getByRole('checkbox'));
    await userEvent.click(within(plans).getByRole('button', { name: 'Continue' }));
    const payment = await screen.findByRole('dialog', { name: 'Payment' });
    await userEvent.click(within(payment).getByRole('button', { name: 'Confirm and pay' }));
    expect(
      await within(payment).findByText(
        "The payment didn't go through: Your card has insufficient funds. Try another card.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Payment' })).toBe(payment);
    expect(within(payment).getByLabelText(/Card number/)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/stripe/v1/purchase')).toHaveLength(1);
  });
});
