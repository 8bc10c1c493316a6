import Stripe from 'stripe';
import { badRequest, notFound, paymentFailed } from '../domain/errors';
import type { PaymentEvent, PaymentProvider, ProviderSubscription } from './payment-provider';

const millis = (s: number) => s * 1000;
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Stripe's statuses in ours: an incomplete subscription waits for the card holder's action. */
function subscriptionView(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  const clientSecret = invoice?.confirmation_secret?.client_secret ?? null;
  const status: ProviderSubscription['status'] =
    subscription.status === 'trialing'
      ? 'trialing'
      : subscription.status === 'active'
        ? 'active'
        : subscription.status === 'incomplete' && clientSecret
          ? 'requires_action'
          : 'ended';
  return {
    id: subscription.id,
    status,
    clientSecret: status === 'requires_action' ? clientSecret : null,
    periodStart: millis(item?.current_period_start ?? subscription.start_date),
    periodEnd: millis(item?.current_period_end ?? subscription.start_date),
  };
}

/** A card error (declined, expired) is the holder's to fix: 402 with Stripe's own words. */
async function cardErrorsAsPaymentFailed<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) throw paymentFailed(err.message);
    throw err;
  }
}

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string | null;
  /** Tests pass their own HTTP client: Stripe's servers are not reached from them. */
  httpClient?: Stripe.HttpClient;
}

/** The Stripe adapter: the server side of the card flow; the card itself only ever reaches Stripe. */
export function createStripePaymentProvider({ secretKey, webhookSecret, httpClient }: StripeProviderOptions) {
  const stripe = new Stripe(secretKey, { httpClient, maxNetworkRetries: 1, timeout: 20_000 });
  const expandInvoice = ['latest_invoice.confirmation_secret'];

  const provider: PaymentProvider & { parseWebhook(rawBody: string, signature: string): PaymentEvent } = {
    name: 'stripe',

    async createCustomer({ userId, name, email }) {
      const customer = await stripe.customers.create({ name, email, metadata: { user_id: userId } });
      return customer.id;
    },

    async createSetupIntent(customerId) {
      const intent = await stripe.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
      });
      if (!intent.client_secret) throw new Error('Stripe answered a setup intent without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async finishSetupIntent(customerId, setupIntentId) {
      const intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
      if (idOf(intent.customer) !== customerId) throw notFound('No such setup intent');
      const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
      if (intent.status !== 'succeeded' || !method?.card) {
        throw badRequest('body.setup_intent_id has not been confirmed');
      }
      // Renewals charge the customer's default card.
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: method.id } });
      return {
        methodId: method.id,
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    },

    async createSubscription({ customerId, methodId, product, trialDays }) {
      if (!product.providerPriceId) throw new Error(`Product ${product.id} has no Stripe price`);
      const price = product.providerPriceId;
      const subscription = await cardErrorsAsPaymentFailed(() =>
        stripe.subscriptions.create({
          customer: customerId,
          items: [{ price }],
          default_payment_method: methodId,
          payment_behavior: 'allow_incomplete',
          ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
          metadata: { product_id: product.id },
          expand: expandInvoice,
        }),
      );
      const view = subscriptionView(subscription);
      if (view.status === 'ended') throw paymentFailed('Your card was declined.');
      return view;
    },

    async changePlan({ subscriptionId, product, immediately }) {
      if (!product.providerPriceId) throw new Error(`Product ${product.id} has no Stripe price`);
      const price = product.providerPriceId;
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const itemId = current.items.data[0]?.id;
      if (!itemId) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
      // An upgrade is billed now and starts a new period; a smaller plan is billed from the next.
      const params: Stripe.SubscriptionUpdateParams = {
        items: [{ id: itemId, price }],
        metadata: { product_id: product.id },
        proration_behavior: immediately ? 'always_invoice' : 'none',
        expand: expandInvoice,
      };
      if (immediately) {
        // The SDK's types name this parameter's type without declaring it.
        params.billing_cycle_anchor =
          'now' as unknown as Stripe.SubscriptionUpdateParams['billing_cycle_anchor'];
        params.payment_behavior = 'allow_incomplete';
      }
      const updated = await cardErrorsAsPaymentFailed(() =>
        stripe.subscriptions.update(subscriptionId, params),
      );
      return subscriptionView(updated);
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },

    async cancelSubscription(subscriptionId) {
      try {
        await stripe.subscriptions.cancel(subscriptionId);
      } catch (err) {
        // Stripe no longer knows it (already cancelled and gone): nothing can be billed.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return;
        throw err;
      }
    },

    async retrieveSubscription(subscriptionId) {
      return subscriptionView(await stripe.subscriptions.retrieve(subscriptionId, { expand: expandInvoice }));
    },

    async deleteCustomer(customerId) {
      await stripe.customers.del(customerId);
    },

    /**
     * Verifies the `Stripe-Signature` of a webhook (throws when it does not match or is too old)
     * and reads what it means for a subscription: a paid invoice renews it, a failed one stops
     * it, a deleted subscription ends.
     */
    parseWebhook(rawBody, signature) {
      if (!webhookSecret) throw notFound('Webhooks are not configured');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        throw badRequest('headers.stripe-signature does not match the body');
      }
      switch (event.type) {
        case 'invoice.paid': {
          const invoice = event.data.object;
          const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
          const line = invoice.lines.data[0];
          if (!subscriptionId || !line) return { kind: 'ignored', type: event.type };
          return {
            kind: 'renewed',
            subscriptionId,
            periodStart: millis(line.period.start),
            periodEnd: millis(line.period.end),
          };
        }
        case 'invoice.payment_failed': {
          const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
          return subscriptionId
            ? { kind: 'payment_failed', subscriptionId }
            : { kind: 'ignored', type: event.type };
        }
        case 'customer.subscription.deleted':
          return { kind: 'ended', subscriptionId: event.data.object.id };
        default:
          return { kind: 'ignored', type: event.type };
      }
    },
  };
  return provider;
}

export type StripePaymentProvider = ReturnType<typeof createStripePaymentProvider>;
