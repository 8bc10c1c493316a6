import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/errors';
import {
  getPaymentMethod,
  getStripeProducts,
  getSubscriptions,
  getUserGrants,
  type PaymentCard,
  type StripeProductsReply,
  type StripeSubscription,
  type UserGrant,
} from '../../api/subscriptions.api';

/** account.md §3 Storage plan data, as one load. */
export interface StoragePlanData {
  products: StripeProductsReply['products'];
  availableTrial: number;
  grants: UserGrant[];
  subscriptions: StripeSubscription[];
  /** null when the user has no card (404). */
  card: PaymentCard | null;
}

export type StoragePlanLoad =
  | { status: 'loading'; data: StoragePlanData | null }
  | { status: 'loaded'; data: StoragePlanData }
  | { status: 'failed'; data: StoragePlanData | null };

async function cardOrNull(signal?: AbortSignal): Promise<PaymentCard | null> {
  try {
    return await getPaymentMethod(signal);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export async function loadStoragePlan(signal?: AbortSignal): Promise<StoragePlanData> {
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

const planChangeListeners = new Set<() => void>();

/** A purchase, plan change or new card happened: every open view of the plan data reads it again. */
export function announcePlanChanged(): void {
  for (const listener of planChangeListeners) listener();
}

/** Loads the storage plan data while `active`; `reload` reads it again (after a change). */
export function useStoragePlan(active = true) {
  const [load, setLoad] = useState<StoragePlanLoad>({ status: 'loading', data: null });
  const running = useRef<AbortController | null>(null);
  const reload = useCallback(() => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setLoad((previous) => ({ status: 'loading', data: previous.data }));
    loadStoragePlan(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setLoad({ status: 'loaded', data });
      },
      () => {
        if (!controller.signal.aborted) setLoad((previous) => ({ status: 'failed', data: previous.data }));
      },
    );
  }, []);
  useEffect(() => {
    if (!active) return;
    reload();
    planChangeListeners.add(reload);
    return () => {
      planChangeListeners.delete(reload);
      running.current?.abort();
    };
  }, [active, reload]);
  return { load, reload };
}

/** The live subscription plans change on (not cancelled). */
export const currentSubscription = (data: StoragePlanData | null): StripeSubscription | null =>
  data?.subscriptions.find((s) => !s.cancel_at_period_end) ?? null;
