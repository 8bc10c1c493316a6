import type { OfflineCardConfirm } from '@nordlys/contract/subscription';
import { isApiError } from '../api/errors';
import {
  confirmOfflineSetup,
  deleteTestPaymentData,
  followGrantLink,
  getPaymentMethod,
  getStripeProducts,
  getSubscriptions,
  getUserGrants,
  type PaymentCard,
  type StripeProductsReply,
  type StripeSubscription,
  type UserGrant,
} from '../api/subscriptions.api';
import { reading, serverCache, through } from './server-cache.api';

/** account.md §3 Storage plan data, as one read. */
export interface StoragePlanData {
  products: StripeProductsReply['products'];
  availableTrial: number;
  grants: UserGrant[];
  subscriptions: StripeSubscription[];
  /** null when the user has no card (404). */
  card: PaymentCard | null;
}

async function cardOrNull(signal?: AbortSignal): Promise<PaymentCard | null> {
  try {
    return await getPaymentMethod(signal);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

async function loadStoragePlan(signal?: AbortSignal): Promise<StoragePlanData> {
  const [catalogue, grants, subscriptions, card] = await Promise.all([
    getStripeProducts(signal),
    getUserGrants(signal),
    getSubscriptions(signal),
    cardOrNull(signal),
  ]);
  return {
    products: catalogue.products,
    availableTrial: catalogue.available_trial,
    grants,
    subscriptions,
    card,
  };
}

export const subscriptionsCache = serverCache.injectEndpoints({
  endpoints: (build) => ({
    storagePlan: build.query<StoragePlanData, void>({
      queryFn: reading((signal) => loadStoragePlan(signal)),
      providesTags: ['StoragePlan'],
    }),
    /** A grant's link (cancel, reactivate, cancel the upcoming plan), followed with a POST. */
    followGrantLink: build.mutation<UserGrant[], string>({
      queryFn: through((href: string) => followGrantLink(href)),
      invalidatesTags: ['StoragePlan'],
    }),
    confirmOfflineSetup: build.mutation<void, OfflineCardConfirm>({
      queryFn: through((card: OfflineCardConfirm) => confirmOfflineSetup(card)),
    }),
    deleteTestPaymentData: build.mutation<void, void>({
      queryFn: through(() => deleteTestPaymentData()),
      invalidatesTags: ['StoragePlan'],
    }),
  }),
});

export const {
  useStoragePlanQuery,
  useFollowGrantLinkMutation,
  useConfirmOfflineSetupMutation,
  useDeleteTestPaymentDataMutation,
} = subscriptionsCache;
