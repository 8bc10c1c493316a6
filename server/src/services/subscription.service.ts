import { randomUUID } from 'node:crypto';
import { API_BASE, GIB } from '@nordlys/contract/constants';
import {
  type GrantAction,
  type PaymentCard,
  type PaymentCustomer,
  type PurchaseReply,
  planRefusal,
  type SetupIntent,
  type StripeProductsReply,
  type StripeSubscription,
  type UserGrant,
} from '@nordlys/contract/subscription';
import { badRequest, conflict, notFound } from '../domain/errors';
import { maxSpace } from '../domain/quota';
import { periodEnd, type StorageProduct } from '../domain/storage-catalogue';
import type { PaymentEvent, PaymentProvider, ProviderSubscription } from '../payments/payment-provider';
import type { Repositories } from '../store/repositories';
import type { GrantRow } from '../store/repositories/grant.repository';
import type { SubscriptionRow } from '../store/repositories/subscription.repository';
import type { Clock } from './account.service';

const seconds = (ms: number) => Math.floor(ms / 1000);
/** Renewals settled per periodic run. */
const SETTLE_BATCH = 200;

export interface SubscriptionServiceDeps {
  repos: Pick<Repositories, 'grants' | 'subscriptions' | 'usage'>;
  provider: PaymentProvider;
  products: readonly StorageProduct[];
  trialDays: number;
  clock: Clock;
}

/**
 * Storage subscriptions (account.md §4 Subscription lifecycle): a subscription pays for one grant
 * of storage. While it renews the grant has no end; cancelling sets the end to the period's end
 * (storage stays until then) and reactivating clears it. A bigger plan, or monthly to yearly, is
 * billed at once and raises the storage at once; a smaller plan is upcoming and takes over at the
 * period's end (cancelling it keeps the current one). Yearly never goes back to monthly. The
 * offline provider's renewals are settled here; Stripe's arrive as webhooks.
 */
export function createSubscriptionService({
  repos,
  provider,
  products,
  trialDays,
  clock,
}: SubscriptionServiceDeps) {
  const productById = (id: string) => products.find((p) => p.id === id);
  function requireProduct(id: string): StorageProduct {
    const product = productById(id);
    if (!product) throw badRequest('body.plan is not a plan for sale');
    return product;
  }
  /** A product that left the catalogue still describes the subscriptions already paying for it. */
  const sizeOf = (productId: string, fallback: number) => {
    const product = productById(productId);
    return product ? product.sizeGib * GIB : fallback;
  };

  async function subscriptionOfUser(userId: string, id: string): Promise<SubscriptionRow> {
    const row = await repos.subscriptions.findSubscription(id);
    if (!row || row.user_id !== userId) throw notFound('No such subscription');
    return row;
  }

  /** The grant a paying subscription holds: created on its first payment, resized on a change. */
  async function ensureGrant(row: SubscriptionRow): Promise<void> {
    const existing = await repos.grants.findBySubscription(row.id);
    const size = sizeOf(row.product_id, existing?.size_bytes ?? 0);
    const expiresAt = row.cancel_at_period_end ? row.period_end : null;
    if (existing) await repos.grants.update(existing.id, { size_bytes: size, expires_at: expiresAt });
    else
      await repos.grants.insert({
        id: randomUUID(),
        user_id: row.user_id,
        source: 'stripe',
        size_bytes: size,
        created_at: clock(),
        expires_at: expiresAt,
        subscription_id: row.id,
      });
  }

  async function endGrant(subscriptionId: string, at: number): Promise<void> {
    const grant = await repos.grants.findBySubscription(subscriptionId);
    if (grant && (grant.expires_at === null || grant.expires_at > at)) {
      await repos.grants.update(grant.id, { expires_at: at });
    }
  }

  /** What the provider says of a subscription, applied to ours (after an action, or a purchase). */
  async function apply(row: SubscriptionRow, view: ProviderSubscription): Promise<SubscriptionRow> {
    if (view.status === 'requires_action') {
      await repos.subscriptions.updateSubscription(row.id, {
        status: 'incomplete',
        client_secret: view.clientSecret,
      });
      return { ...row, status: 'incomplete', client_secret: view.clientSecret };
    }
    if (view.status === 'ended') {
      await repos.subscriptions.updateSubscription(row.id, { status: 'ended', client_secret: null });
      await endGrant(row.id, clock());
      return { ...row, status: 'ended' };
    }
    const next: SubscriptionRow = {
      ...row,
      status: view.status,
      client_secret: null,
      period_start: view.periodStart,
      period_end: view.periodEnd,
    };
    await repos.subscriptions.updateSubscription(row.id, {
      status: next.status,
      client_secret: null,
      period_start: next.period_start,
      period_end: next.period_end,
    });
    await ensureGrant(next);
    return next;
  }

  /**
   * A period that ended: a cancelled subscription ends (its grant already expired then); an
   * offline one renews, as often as whole periods have passed, the upcoming plan taking over.
   */
  async function settle(row: SubscriptionRow, now: number): Promise<void> {
    if (row.period_end > now || (row.status !== 'active' && row.status !== 'trialing')) return;
    if (row.cancel_at_period_end) {
      await repos.subscriptions.updateSubscription(row.id, { status: 'ended' });
      return;
    }
    if (provider.name !== 'offline') return;
    let productId = row.upcoming_product_id ?? row.product_id;
    const product = productById(productId);
    if (!product) return;
    let start = row.period_end;
    let end = periodEnd(start, product.period);
    while (end <= now) {
      start = end;
      end = periodEnd(start, product.period);
    }
    productId = product.id;
    const next = {
      ...row,
      product_id: productId,
      upcoming_product_id: null,
      status: 'active',
      period_start: start,
      period_end: end,
    };
    await repos.subscriptions.updateSubscription(row.id, {
      product_id: productId,
      upcoming_product_id: null,
      status: 'active',
      period_start: start,
      period_end: end,
    });
    await ensureGrant(next);
  }

  async function settleUser(userId: string): Promise<SubscriptionRow[]> {
    const now = clock();
    const rows = await repos.subscriptions.liveSubscriptionsOf(userId);
    for (const row of rows) await settle(row, now);
    return repos.subscriptions.liveSubscriptionsOf(userId);
  }

  /** The subscription that plans change on: live and not cancelled. */
  const currentOf = (rows: SubscriptionRow[]) => rows.find((row) => !row.cancel_at_period_end) ?? null;

  /** Storage the account keeps besides `subscriptionId`'s grant. */
  async function otherGrantsBytes(userId: string, subscriptionId: string | null): Promise<number> {
    const grants = await repos.grants.liveGrantsOf(userId, clock());
    const others = grants.filter((g) => g.subscription_id === null || g.subscription_id !== subscriptionId);
    return maxSpace(
      others.map((g) => ({ sizeBytes: Number(g.size_bytes), expiresAt: g.expires_at })),
      clock(),
    );
  }

  async function checkPlan(userId: string, product: StorageProduct, current: SubscriptionRow | null) {
    const currentProduct = current ? productById(current.product_id) : undefined;
    const [usage, others] = await Promise.all([
      repos.usage.usageOf(userId),
      otherGrantsBytes(userId, current?.id ?? null),
    ]);
    const refusal = planRefusal(
      { size: product.sizeGib, period: product.period },
      currentProduct ? { period: currentProduct.period } : null,
      usage.usedSpace,
      others,
    );
    if (refusal) throw conflict(refusal);
  }

  function grantView(grant: GrantRow, subscription: SubscriptionRow | undefined): UserGrant {
    const links: UserGrant['_links'] = {};
    const href = (action: GrantAction) => ({ href: `${API_BASE}/user_grants/${grant.id}/${action}` });
    let renewsAt: number | null = null;
    if (subscription && subscription.status !== 'incomplete') {
      if (subscription.cancel_at_period_end) links.reactivate = href('reactivate');
      else {
        links.cancel = href('cancel');
        renewsAt = seconds(subscription.period_end);
      }
      if (subscription.upcoming_product_id) links.cancel_upcoming = href('cancel_upcoming');
    }
    return {
      id: grant.id,
      source: grant.source,
      size: Number(grant.size_bytes) / GIB,
      renews_at: renewsAt,
      expires_at: grant.expires_at === null ? null : seconds(grant.expires_at),
      stripe_product_id: subscription?.product_id ?? null,
      _links: links,
    };
  }

  async function grantsOf(userId: string): Promise<UserGrant[]> {
    const subscriptions = await settleUser(userId);
    const grants = await repos.grants.liveGrantsOf(userId, clock());
    return grants.map((grant) =>
      grantView(
        grant,
        subscriptions.find((s) => s.id === grant.subscription_id),
      ),
    );
  }

  async function requireCustomer(userId: string) {
    const customer = await repos.subscriptions.findCustomer(userId);
    if (!customer) throw notFound('no_customer');
    if (customer.provider !== provider.name) throw conflict('customer_of_another_provider');
    return customer;
  }

  return {
    providerName: provider.name,

    async products(userId: string): Promise<StripeProductsReply> {
      const hadOne = await repos.subscriptions.hadSubscription(userId);
      return {
        products: products.map((p) => ({
          id: p.id,
          size: p.sizeGib,
          price: p.price,
          currency: p.currency,
          period: p.period,
        })),
        available_trial: hadOne ? 0 : trialDays,
      };
    },

    grantsOf,

    async followGrantLink(userId: string, grantId: string, action: GrantAction): Promise<UserGrant[]> {
      const subscriptions = await settleUser(userId);
      const grant = (await repos.grants.liveGrantsOf(userId, clock())).find((g) => g.id === grantId);
      const row = subscriptions.find((s) => s.id === grant?.subscription_id);
      if (!grant || !row) throw notFound('No such grant');
      const link = grantView(grant, row)._links[action];
      if (!link) throw conflict(`${action} is not possible for this grant`);
      if (action === 'cancel') {
        await provider.setCancelAtPeriodEnd(row.provider_subscription_id, true);
        // A cancelled subscription keeps its plan to the end; nothing comes after it.
        if (row.upcoming_product_id) {
          await provider.changePlan({
            subscriptionId: row.provider_subscription_id,
            product: requireProduct(row.product_id),
            immediately: false,
            now: clock(),
          });
        }
        await repos.subscriptions.updateSubscription(row.id, {
          cancel_at_period_end: 1,
          upcoming_product_id: null,
        });
        await repos.grants.update(grant.id, { expires_at: row.period_end });
      } else if (action === 'reactivate') {
        await provider.setCancelAtPeriodEnd(row.provider_subscription_id, false);
        await repos.subscriptions.updateSubscription(row.id, { cancel_at_period_end: 0 });
        await repos.grants.update(grant.id, { expires_at: null });
      } else {
        await provider.changePlan({
          subscriptionId: row.provider_subscription_id,
          product: requireProduct(row.product_id),
          immediately: false,
          now: clock(),
        });
        await repos.subscriptions.updateSubscription(row.id, { upcoming_product_id: null });
      }
      return grantsOf(userId);
    },

    async subscriptionsOf(userId: string): Promise<StripeSubscription[]> {
      const rows = await settleUser(userId);
      return rows.map((row) => ({
        id: row.id,
        product_id: row.product_id,
        status:
          row.status === 'incomplete' ? 'requires_action' : row.status === 'trialing' ? 'trialing' : 'active',
        current_period_end: seconds(row.period_end),
        cancel_at_period_end: row.cancel_at_period_end === 1,
        upcoming_product: row.upcoming_product_id
          ? { product_id: row.upcoming_product_id, start_at: seconds(row.period_end) }
          : null,
      }));
    },

    async paymentMethod(userId: string): Promise<PaymentCard> {
      const method = await repos.subscriptions.findPaymentMethod(userId);
      if (!method || method.provider !== provider.name) throw notFound('no_payment_method');
      return {
        brand: method.brand,
        last4: method.last4,
        exp_month: method.exp_month,
        exp_year: method.exp_year,
      };
    },

    /** 200 when the caller is a customer; 404 (create one) or 409 (another provider's: stop). */
    async customerExists(userId: string): Promise<void> {
      await requireCustomer(userId);
    },

    async createCustomer(userId: string, input: PaymentCustomer): Promise<void> {
      if (await repos.subscriptions.findCustomer(userId)) throw conflict('customer_exists');
      const email = input.email.trim();
      const name = input.name.trim() || email;
      const customerId = await provider.createCustomer({ userId, name, email });
      await repos.subscriptions.insertCustomer({
        user_id: userId,
        provider: provider.name,
        customer_id: customerId,
        name,
        email,
        created_at: clock(),
      });
    },

    async createSetupIntent(userId: string): Promise<SetupIntent> {
      const customer = await requireCustomer(userId);
      const intent = await provider.createSetupIntent(customer.customer_id);
      return { id: intent.id, client_secret: intent.clientSecret };
    },

    async finishSetupIntent(userId: string, setupIntentId: string): Promise<PaymentCard> {
      const customer = await requireCustomer(userId);
      const card = await provider.finishSetupIntent(customer.customer_id, setupIntentId);
      await repos.subscriptions.savePaymentMethod({
        user_id: userId,
        provider: provider.name,
        method_id: card.methodId,
        brand: card.brand,
        last4: card.last4,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        created_at: clock(),
      });
      return { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear };
    },

    /** A first plan, or a new one after the last was cancelled (resubscribed). */
    async purchase(userId: string, planId: string): Promise<PurchaseReply> {
      const product = requireProduct(planId);
      const live = await settleUser(userId);
      if (currentOf(live)) throw conflict('already_subscribed');
      const customer = await requireCustomer(userId);
      const method = await repos.subscriptions.findPaymentMethod(userId);
      if (!method || method.provider !== provider.name) throw badRequest('no_payment_method');
      await checkPlan(userId, product, null);
      const now = clock();
      const trial = (await repos.subscriptions.hadSubscription(userId)) ? 0 : trialDays;
      const view = await provider.createSubscription({
        customerId: customer.customer_id,
        methodId: method.method_id,
        product,
        trialDays: trial,
        now,
      });
      const row: SubscriptionRow = {
        id: randomUUID(),
        user_id: userId,
        provider: provider.name,
        provider_subscription_id: view.id,
        product_id: product.id,
        status: 'incomplete',
        period_start: view.periodStart,
        period_end: view.periodEnd,
        cancel_at_period_end: 0,
        upcoming_product_id: null,
        client_secret: null,
        created_at: now,
      };
      await repos.subscriptions.insertSubscription(row);
      const applied = await apply(row, view);
      return actionReply(applied);
    },

    /** Another plan for the current subscription (account.md §4 Plan update). */
    async update(userId: string, planId: string): Promise<PurchaseReply> {
      const product = requireProduct(planId);
      const current = currentOf(await settleUser(userId));
      if (!current) throw conflict('no_subscription');
      if (current.status === 'incomplete') throw conflict('subscription_requires_action');
      if (current.product_id === product.id) throw conflict('same_plan');
      await checkPlan(userId, product, current);
      const currentSize = sizeOf(current.product_id, 0);
      const currentPeriod = productById(current.product_id)?.period ?? 'monthly';
      const immediately =
        product.sizeGib * GIB > currentSize || (product.period === 'yearly' && currentPeriod === 'monthly');
      const view = await provider.changePlan({
        subscriptionId: current.provider_subscription_id,
        product,
        immediately,
        now: clock(),
      });
      if (!immediately) {
        await repos.subscriptions.updateSubscription(current.id, { upcoming_product_id: product.id });
        return { subscription_id: current.id };
      }
      const changed = { ...current, product_id: product.id, upcoming_product_id: null };
      await repos.subscriptions.updateSubscription(current.id, {
        product_id: product.id,
        upcoming_product_id: null,
      });
      return actionReply(await apply(changed, view));
    },

    /** After the card holder acted (3-D Secure): what the provider now says is applied. */
    async refresh(userId: string, subscriptionId: string): Promise<StripeSubscription[]> {
      const row = await subscriptionOfUser(userId, subscriptionId);
      await apply(row, await provider.retrieveSubscription(row.provider_subscription_id));
      return this.subscriptionsOf(userId);
    },

    /** A verified webhook: renewals, failed payments and ended subscriptions. */
    async handleEvent(event: PaymentEvent): Promise<void> {
      if (event.kind === 'ignored') return;
      const row = await repos.subscriptions.findByProviderId(event.subscriptionId);
      if (!row) return;
      if (event.kind === 'renewed') {
        const productId =
          event.periodStart >= row.period_end ? (row.upcoming_product_id ?? row.product_id) : row.product_id;
        const next: SubscriptionRow = {
          ...row,
          product_id: productId,
          upcoming_product_id: productId === row.product_id ? row.upcoming_product_id : null,
          status: 'active',
          client_secret: null,
          period_start: event.periodStart,
          period_end: event.periodEnd,
        };
        await repos.subscriptions.updateSubscription(row.id, {
          product_id: next.product_id,
          upcoming_product_id: next.upcoming_product_id,
          status: 'active',
          client_secret: null,
          period_start: next.period_start,
          period_end: next.period_end,
        });
        await ensureGrant(next);
      } else if (event.kind === 'payment_failed') {
        // The period it should have paid for is not covered: storage ends with the paid one.
        await endGrant(row.id, Math.min(row.period_end, clock()));
      } else {
        await repos.subscriptions.updateSubscription(row.id, { status: 'ended' });
        await endGrant(row.id, clock());
      }
    },

    /** Renewals the periodic run settles (offline subscriptions, cancelled ones that ended). */
    async settleDue(): Promise<number> {
      const now = clock();
      const due = await repos.subscriptions.dueSubscriptions(provider.name, now, SETTLE_BATCH);
      for (const row of due) await settle(row, now);
      return due.length;
    },

    /**
     * Ends every live subscription of a user who is leaving (account deletion): the provider stops
     * billing at once and the storage they paid for ends now. A subscription made with another
     * provider than the configured one cannot be reached from here; it ends on our side only.
     */
    async endAllOf(userId: string): Promise<number> {
      const rows = await repos.subscriptions.liveSubscriptionsOf(userId);
      for (const row of rows) {
        if (row.provider === provider.name) await provider.cancelSubscription(row.provider_subscription_id);
        await repos.subscriptions.updateSubscription(row.id, {
          status: 'ended',
          client_secret: null,
          upcoming_product_id: null,
        });
        await endGrant(row.id, clock());
      }
      return rows.length;
    },

    async deleteTestData(userId: string): Promise<void> {
      const customer = await repos.subscriptions.findCustomer(userId);
      if (customer?.provider === provider.name) await provider.deleteCustomer(customer.customer_id);
      await repos.subscriptions.deletePaymentDataOf(userId);
    },
  };
}

function actionReply(row: SubscriptionRow): PurchaseReply {
  return row.status === 'incomplete' && row.client_secret
    ? { subscription_id: row.id, status: 'requires_action', client_secret: row.client_secret }
    : { subscription_id: row.id };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
