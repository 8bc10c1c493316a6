import type {
  OfflineCardConfirm,
  PaymentCard,
  PaymentCustomer,
  PurchaseReply,
  SetupIntent,
  StripeProductsReply,
  StripeSubscription,
  UserGrant,
} from '@nordlys/contract/subscription';
import { apiRequest } from './client';

export type {
  PaymentCard,
  PurchaseReply,
  StripeProduct,
  StripeProductsReply,
  StripeSubscription,
  UserGrant,
} from '@nordlys/contract/subscription';

/** account.md §7: the storage plan calls. */
export const getStripeProducts = (signal?: AbortSignal) =>
  apiRequest<StripeProductsReply>('/stripe_products', { signal });

export const getUserGrants = (signal?: AbortSignal) => apiRequest<UserGrant[]>('/user_grants', { signal });

/** A grant link (cancel, reactivate, cancel the upcoming plan) is followed with a POST. */
export const followGrantLink = (href: string) =>
  apiRequest<UserGrant[]>(href.replace(/^\/st\/4/, ''), { method: 'POST' });

export const getSubscriptions = (signal?: AbortSignal) =>
  apiRequest<StripeSubscription[]>('/stripe/subscriptions', { signal });

export const getPaymentMethod = (signal?: AbortSignal) =>
  apiRequest<PaymentCard>('/stripe_payment_method', { signal });

export const customerExists = () => apiRequest<{ exists: true }>('/stripe/customer_exists');

export const createCustomer = (customer: PaymentCustomer) =>
  apiRequest<void>('/stripe/create_customer', { method: 'POST', json: customer });

export const createSetupIntent = () =>
  apiRequest<SetupIntent>('/stripe/create_setup_intent', { method: 'POST' });

export const finishSetupIntent = (setupIntentId: string) =>
  apiRequest<PaymentCard>('/stripe/finish_setup_intent', {
    method: 'POST',
    json: { setup_intent_id: setupIntentId },
  });

export const purchasePlan = (plan: string) =>
  apiRequest<PurchaseReply>('/stripe/v1/purchase', { method: 'POST', json: { plan } });

export const updatePlan = (plan: string) =>
  apiRequest<PurchaseReply>('/stripe/v1/purchase', { method: 'PUT', json: { plan } });

export const refreshSubscription = (subscriptionId: string) =>
  apiRequest<StripeSubscription[]>(`/stripe/v1/subscriptions/${encodeURIComponent(subscriptionId)}/refresh`, {
    method: 'POST',
  });

/** The offline provider's card form: confirms a setup intent with a test card. */
export const confirmOfflineSetup = (card: OfflineCardConfirm) =>
  apiRequest<void>('/offline_payments/confirm_setup', { method: 'POST', json: card });

export const confirmOfflinePayment = (clientSecret: string) =>
  apiRequest<void>('/offline_payments/confirm_payment', {
    method: 'POST',
    json: { client_secret: clientSecret },
  });

export const deleteTestPaymentData = () => apiRequest<void>('/test/delete_stripe_data', { method: 'POST' });
