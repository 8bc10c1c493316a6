import { randomBytes, timingSafeEqual } from 'node:crypto';
import { OFFLINE_TEST_CARDS, type OfflineCardConfirm } from '@nordlys/contract/subscription';
import { badRequest, notFound, paymentFailed } from '../domain/errors';
import { periodEnd } from '../domain/storage-catalogue';
import type { OfflinePaymentRepository } from '../store/repositories/offline-payment.repository';
import {
  cardBrandOf,
  type PaymentProvider,
  type ProviderCard,
  type ProviderSubscription,
  passesLuhn,
} from './payment-provider';

const DAY_MS = 24 * 60 * 60 * 1000;

interface SetupIntentData {
  clientSecret: string;
  status: 'requires_payment_method' | 'succeeded';
  methodId: string | null;
}

interface MethodData extends ProviderCard {
  /** The test card that asks the holder to authenticate each payment. */
  needsAction: boolean;
}

interface SubscriptionData {
  productId: string;
  methodId: string;
  status: ProviderSubscription['status'];
  clientSecret: string | null;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
}

const newId = (prefix: string) => `${prefix}_off_${randomBytes(12).toString('hex')}`;
const secretFor = (id: string) => `${id}_secret_${randomBytes(12).toString('hex')}`;
/** A client secret names its object: `<id>_secret_<random>`. */
const idOfSecret = (secret: string) => secret.split('_secret_')[0] ?? '';

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The payment provider used when no Stripe key is configured: the same customer, setup intent and
 * subscription flow, kept in the database, with test cards instead of money. 4242 4242 4242 4242
 * succeeds, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks the holder to confirm
 * every payment. Nothing is charged: a renewal of an offline subscription always succeeds.
 */
export function createOfflinePaymentProvider(repo: OfflinePaymentRepository, clock: () => number) {
  async function subscriptionOf(id: string) {
    const found = await repo.get<SubscriptionData>(id, 'subscription');
    if (!found) throw notFound('No such subscription');
    return found;
  }
  const view = (id: string, data: SubscriptionData): ProviderSubscription => ({
    id,
    status: data.status,
    clientSecret: data.clientSecret,
    periodStart: data.periodStart,
    periodEnd: data.periodEnd,
  });

  const provider: PaymentProvider & {
    confirmSetup(card: OfflineCardConfirm): Promise<void>;
    confirmPayment(clientSecret: string): Promise<void>;
  } = {
    name: 'offline',

    async createCustomer() {
      const id = newId('cus');
      await repo.put({ id, kind: 'customer', customerId: id, data: {} }, clock());
      return id;
    },

    async createSetupIntent(customerId) {
      const id = newId('seti');
      const data: SetupIntentData = {
        clientSecret: secretFor(id),
        status: 'requires_payment_method',
        methodId: null,
      };
      await repo.put({ id, kind: 'setup_intent', customerId, data }, clock());
      return { id, clientSecret: data.clientSecret };
    },

    /** What Stripe.js does with the card form: the card is checked and saved on the intent. */
    async confirmSetup(card) {
      const id = idOfSecret(card.client_secret);
      const intent = await repo.get<SetupIntentData>(id, 'setup_intent');
      if (!intent || !sameSecret(intent.data.clientSecret, card.client_secret)) {
        throw notFound('No such setup intent');
      }
      const number = card.number.replace(/ /g, '');
      if (!passesLuhn(number)) throw badRequest('Your card number is invalid.');
      const now = new Date(clock());
      const expired =
        card.exp_year < now.getUTCFullYear() ||
        (card.exp_year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1);
      if (expired) throw paymentFailed('Your card has expired.');
      if (number === OFFLINE_TEST_CARDS.declines) throw paymentFailed('Your card was declined.');
      const methodId = newId('pm');
      const method: MethodData = {
        methodId,
        brand: cardBrandOf(number),
        last4: number.slice(-4),
        expMonth: card.exp_month,
        expYear: card.exp_year,
        needsAction: number === OFFLINE_TEST_CARDS.needsAction,
      };
      await repo.put(
        { id: methodId, kind: 'payment_method', customerId: intent.customerId, data: method },
        clock(),
      );
      await repo.put({ ...intent, data: { ...intent.data, status: 'succeeded', methodId } }, clock());
    },

    async finishSetupIntent(customerId, setupIntentId) {
      const intent = await repo.get<SetupIntentData>(setupIntentId, 'setup_intent');
      if (!intent || intent.customerId !== customerId) throw notFound('No such setup intent');
      if (intent.data.status !== 'succeeded' || !intent.data.methodId) {
        throw badRequest('body.setup_intent_id has not been confirmed');
      }
      const method = await repo.get<MethodData>(intent.data.methodId, 'payment_method');
      if (!method) throw notFound('No such payment method');
      const { needsAction: _, ...card } = method.data;
      return card;
    },

    async createSubscription({ customerId, methodId, product, trialDays, now }) {
      const method = await repo.get<MethodData>(methodId, 'payment_method');
      if (!method || method.customerId !== customerId) throw badRequest('no_payment_method');
      const id = newId('sub');
      const trialing = trialDays > 0;
      const needsAction = !trialing && method.data.needsAction;
      const data: SubscriptionData = {
        productId: product.id,
        methodId,
        status: trialing ? 'trialing' : needsAction ? 'requires_action' : 'active',
        clientSecret: needsAction ? secretFor(id) : null,
        periodStart: now,
        periodEnd: trialing ? now + trialDays * DAY_MS : periodEnd(now, product.period),
        cancelAtPeriodEnd: false,
      };
      await repo.put({ id, kind: 'subscription', customerId, data }, clock());
      return view(id, data);
    },

    async changePlan({ subscriptionId, product, immediately, now }) {
      const found = await subscriptionOf(subscriptionId);
      const method = await repo.get<MethodData>(found.data.methodId, 'payment_method');
      // Billed now: the needs-action card waits for its holder again.
      const needsAction = immediately && method?.data.needsAction === true;
      const data: SubscriptionData = immediately
        ? {
            ...found.data,
            productId: product.id,
            status: needsAction ? 'requires_action' : 'active',
            clientSecret: needsAction ? secretFor(subscriptionId) : null,
            periodStart: now,
            periodEnd: periodEnd(now, product.period),
          }
        : { ...found.data, productId: product.id };
      await repo.put({ ...found, data }, clock());
      return view(subscriptionId, data);
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const found = await subscriptionOf(subscriptionId);
      await repo.put({ ...found, data: { ...found.data, cancelAtPeriodEnd: cancel } }, clock());
    },

    async cancelSubscription(subscriptionId) {
      const found = await repo.get<SubscriptionData>(subscriptionId, 'subscription');
      if (!found) return;
      await repo.put({ ...found, data: { ...found.data, status: 'ended', clientSecret: null } }, clock());
    },

    async retrieveSubscription(subscriptionId) {
      const found = await subscriptionOf(subscriptionId);
      return view(subscriptionId, found.data);
    },

    /** What stripe.confirmCardPayment does: the holder confirmed, so the first payment goes through. */
    async confirmPayment(clientSecret) {
      const found = await repo.get<SubscriptionData>(idOfSecret(clientSecret), 'subscription');
      if (!found?.data.clientSecret || !sameSecret(found.data.clientSecret, clientSecret)) {
        throw notFound('No such payment');
      }
      await repo.put({ ...found, data: { ...found.data, status: 'active', clientSecret: null } }, clock());
    },

    async deleteCustomer(customerId) {
      await repo.deleteCustomer(customerId);
    },
  };
  return provider;
}

export type OfflinePaymentProvider = ReturnType<typeof createOfflinePaymentProvider>;
