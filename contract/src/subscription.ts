import { type Static, Type } from 'typebox';
import { GIB } from './constants';

/**
 * Storage subscriptions and card payment: the wire contract (account.md §3, §4, §7). Every path
 * is under API_BASE (/st/4) and needs a session.
 *
 * Catalogue and grants: `GET /stripe_products` → StripeProductsReply; `GET /user_grants` →
 * UserGrant[] (every grant that has not expired); a grant's `_links` name what may be done with
 * it, each followed with a POST to its href (`cancel`, `reactivate`, `cancel_upcoming`) →
 * UserGrant[] again. `GET /stripe/subscriptions` → StripeSubscription[] (live ones);
 * `GET /stripe_payment_method` → PaymentCard, 404 when none.
 *
 * Card set-up (§4 Setup of card): `GET /stripe/customer_exists` → 200 when the caller is a
 * customer of the configured provider, 404 when not yet (create one), 409 when a customer of
 * another provider exists (stop); `POST /stripe/create_customer` PaymentCustomer → 201;
 * `POST /stripe/create_setup_intent` → SetupIntent; the card form confirms it with the
 * provider (Stripe.js, or `POST /offline_payments/confirm_setup` OfflineCardConfirm with the
 * offline provider); `POST /stripe/finish_setup_intent` FinishSetupIntent → PaymentCard.
 *
 * Purchase and change: `POST /stripe/v1/purchase` PlanRequest → PurchaseReply (201); `PUT
 * /stripe/v1/purchase` PlanRequest → PurchaseReply: a `status` means the card needs an action
 * (the client confirms the payment with `client_secret`, then `POST
 * /stripe/v1/subscriptions/{subscription_id}/refresh`). Refusals answer 409 with
 * `PLAN_IS_DOWNGRADE` (yearly back to monthly), `INSUFFICIENT_STORAGE_PLAN` (the plan would
 * hold less than what is stored), `already_subscribed`, `no_subscription`, `same_plan`;
 * 400 `no_payment_method`; a declined card 402 with the provider's reason.
 *
 * Webhooks: `POST /stripe/webhook` (no session; the `Stripe-Signature` header is verified).
 * Test data: `POST /test/delete_stripe_data` → 204, only when the server's test endpoints are on.
 */

export const PlanPeriod = Type.Union([Type.Literal('monthly'), Type.Literal('yearly')]);
export type PlanPeriod = Static<typeof PlanPeriod>;

export const StripeProduct = Type.Object({
  id: Type.String(),
  /** GiB. */
  size: Type.Number(),
  /** Minor units (øre, cents). */
  price: Type.Integer(),
  currency: Type.String(),
  period: PlanPeriod,
});
export type StripeProduct = Static<typeof StripeProduct>;

export const StripeProductsReply = Type.Object({
  products: Type.Array(StripeProduct),
  /** Free days before the first charge of a first subscription; 0 when none is offered. */
  available_trial: Type.Integer(),
});
export type StripeProductsReply = Static<typeof StripeProductsReply>;

/** Where a grant of storage came from (account.md §3 Grant sources). */
export const GRANT_SOURCES = [
  'stripe',
  'apple',
  'android',
  'customer_service',
  'other',
  'nordlys',
  'b2b',
  'legacy_web',
] as const;
export type GrantSource = (typeof GRANT_SOURCES)[number];

export const GrantAction = Type.Union([
  Type.Literal('cancel'),
  Type.Literal('reactivate'),
  Type.Literal('cancel_upcoming'),
]);
export type GrantAction = Static<typeof GrantAction>;

const Link = Type.Object({ href: Type.String() });

export const UserGrant = Type.Object({
  id: Type.String(),
  source: Type.String(),
  /** GiB. */
  size: Type.Number(),
  /** Epoch seconds of the next charge; null when it does not renew. */
  renews_at: Type.Union([Type.Integer(), Type.Null()]),
  /** Epoch seconds when the storage ends; null while it renews or never ends. */
  expires_at: Type.Union([Type.Integer(), Type.Null()]),
  stripe_product_id: Type.Union([Type.String(), Type.Null()]),
  _links: Type.Object({
    cancel: Type.Optional(Link),
    reactivate: Type.Optional(Link),
    cancel_upcoming: Type.Optional(Link),
  }),
});
export type UserGrant = Static<typeof UserGrant>;

export const UpcomingProduct = Type.Object({
  product_id: Type.String(),
  /** Epoch seconds. */
  start_at: Type.Integer(),
});

export const StripeSubscription = Type.Object({
  id: Type.String(),
  product_id: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('trialing'), Type.Literal('requires_action')]),
  /** Epoch seconds. */
  current_period_end: Type.Integer(),
  cancel_at_period_end: Type.Boolean(),
  upcoming_product: Type.Union([UpcomingProduct, Type.Null()]),
});
export type StripeSubscription = Static<typeof StripeSubscription>;

export const CardBrand = Type.String();

export const PaymentCard = Type.Object({
  brand: CardBrand,
  last4: Type.String(),
  exp_month: Type.Integer(),
  exp_year: Type.Integer(),
});
export type PaymentCard = Static<typeof PaymentCard>;

/** An empty name falls back to the e-mail address. */
export const PaymentCustomer = Type.Object({
  name: Type.String({ maxLength: 255 }),
  email: Type.String({ minLength: 3, maxLength: 320 }),
});
export type PaymentCustomer = Static<typeof PaymentCustomer>;

export const SetupIntent = Type.Object({ id: Type.String(), client_secret: Type.String() });
export type SetupIntent = Static<typeof SetupIntent>;

export const FinishSetupIntent = Type.Object({
  setup_intent_id: Type.String({ minLength: 1, maxLength: 255 }),
});

export const PlanRequest = Type.Object({ plan: Type.String({ minLength: 1, maxLength: 128 }) });
export type PlanRequest = Static<typeof PlanRequest>;

export const PurchaseReply = Type.Object({
  subscription_id: Type.String(),
  /** Present when the card needs an action before the plan takes effect. */
  status: Type.Optional(Type.Literal('requires_action')),
  client_secret: Type.Optional(Type.String()),
});
export type PurchaseReply = Static<typeof PurchaseReply>;

/** The offline provider's own card form posts the card here to confirm a setup intent. */
export const OfflineCardConfirm = Type.Object({
  client_secret: Type.String({ minLength: 1, maxLength: 255 }),
  number: Type.String({ minLength: 12, maxLength: 23, pattern: '^[0-9 ]+$' }),
  exp_month: Type.Integer({ minimum: 1, maximum: 12 }),
  exp_year: Type.Integer({ minimum: 2000, maximum: 2100 }),
  cvc: Type.String({ pattern: '^[0-9]{3,4}$' }),
});
export type OfflineCardConfirm = Static<typeof OfflineCardConfirm>;

export const OfflinePaymentConfirm = Type.Object({
  client_secret: Type.String({ minLength: 1, maxLength: 255 }),
});

/** Test cards of the offline provider (Stripe's own test numbers, so the same words work for both). */
export const OFFLINE_TEST_CARDS = {
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  needsAction: '4000002760003184',
} as const;

/** Refusal reasons of a plan (account.md §5). */
export const PLAN_IS_DOWNGRADE = 'PLAN_IS_DOWNGRADE';
export const INSUFFICIENT_STORAGE_PLAN = 'INSUFFICIENT_STORAGE_PLAN';
export type PlanRefusal = typeof PLAN_IS_DOWNGRADE | typeof INSUFFICIENT_STORAGE_PLAN;

/** Business grants this large are shown apart (account.md §6). */
export const BUSINESS_GRANT_MIN_GIB = 1000;
/** max_space at or above this is shown as unlimited (account.md §6). */
export const UNLIMITED_SPACE_BYTES = GIB * 1e6;

/**
 * Why a plan cannot be chosen, or null when it can (account.md §5): a yearly subscription cannot
 * go back to monthly; a plan is too small when what is stored exceeds the plan's size plus the
 * storage the account keeps beside its subscription (its other grants). Shared by server and client.
 */
export function planRefusal(
  plan: { size: number; period: PlanPeriod },
  current: { period: PlanPeriod } | null,
  usedBytes: number,
  otherGrantsBytes: number,
): PlanRefusal | null {
  if (current?.period === 'yearly' && plan.period === 'monthly') return PLAN_IS_DOWNGRADE;
  if (usedBytes > plan.size * GIB + otherGrantsBytes) return INSUFFICIENT_STORAGE_PLAN;
  return null;
}
