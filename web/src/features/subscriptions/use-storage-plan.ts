import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect, useMemo } from 'react';
import type { StripeSubscription } from '../../api/subscriptions.api';
import { serverCacheUtil } from '../../server-cache/server-cache.api';
import { type StoragePlanData, useStoragePlanQuery } from '../../server-cache/subscriptions.endpoints';
import { useAppDispatch } from '../../state/hooks';

export type { StoragePlanData };

export type StoragePlanLoad =
  | { status: 'loading'; data: StoragePlanData | null }
  | { status: 'loaded'; data: StoragePlanData }
  | { status: 'failed'; data: StoragePlanData | null };

const planChangeListeners = new Set<() => void>();

/** A purchase, plan change or new card happened: every open view of the plan data reads it again. */
export function announcePlanChanged(): void {
  for (const listener of planChangeListeners) listener();
}

/** The storage plan data from the cache while `active`; `reload` reads it again (after a change). */
export function useStoragePlan(active = true) {
  const dispatch = useAppDispatch();
  const read = useStoragePlanQuery(active ? undefined : skipToken);
  const { refetch } = read;
  const reload = useCallback(() => {
    if (active) void refetch();
  }, [active, refetch]);
  useEffect(() => {
    if (!active) return;
    const changed = () => dispatch(serverCacheUtil.invalidateTags(['StoragePlan']));
    planChangeListeners.add(changed);
    return () => {
      planChangeListeners.delete(changed);
    };
  }, [active, dispatch]);
  const load = useMemo<StoragePlanLoad>(() => {
    const data = read.data ?? null;
    if (read.isFetching) return { status: 'loading', data };
    if (read.isError) return { status: 'failed', data };
    return data ? { status: 'loaded', data } : { status: 'loading', data };
  }, [read.data, read.isFetching, read.isError]);
  return { load, reload };
}

/** The live subscription plans change on (not cancelled). */
export const currentSubscription = (data: StoragePlanData | null): StripeSubscription | null =>
  data?.subscriptions.find((s) => !s.cancel_at_period_end) ?? null;
