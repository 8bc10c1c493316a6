import { GIB } from '@nordlys/contract/constants';
import {
  BUSINESS_GRANT_MIN_GIB,
  UNLIMITED_SPACE_BYTES,
  type UserGrant,
} from '@nordlys/contract/subscription';

/** account.md §9: a nonzero use shows at least 5 % of the meter. */
export const MIN_FILL_PERCENT = 5;
export const WARNING_PERCENTS = { over80: 80, over95: 95 } as const;
export type StorageWarning = keyof typeof WARNING_PERCENTS;

export const isUnlimited = (maxBytes: number): boolean => maxBytes >= UNLIMITED_SPACE_BYTES;

/** The meter's fill in percent: at least 5 when anything is stored, at most 100. */
export function meterFill(usedBytes: number, maxBytes: number): number {
  if (usedBytes <= 0) return 0;
  if (maxBytes <= 0) return 100;
  if (isUnlimited(maxBytes)) return MIN_FILL_PERCENT;
  return Math.min(100, Math.max(MIN_FILL_PERCENT, (usedBytes / maxBytes) * 100));
}

/** The storage warning a use calls for (over 80 %, over 95 %), or null. */
export function storageWarning(usedBytes: number, maxBytes: number): StorageWarning | null {
  if (maxBytes <= 0 || isUnlimited(maxBytes)) return null;
  const percent = (usedBytes / maxBytes) * 100;
  if (percent > WARNING_PERCENTS.over95) return 'over95';
  if (percent > WARNING_PERCENTS.over80) return 'over80';
  return null;
}

/** Storage sources as users see them (account.md §3), by the grant's source. */
export type StorageSourceKey =
  | 'product'
  | 'business'
  | 'web'
  | 'appleStore'
  | 'googlePlay'
  | 'oldWebStore'
  | 'customerService'
  | 'other';

const SOURCE_KEYS: Record<string, StorageSourceKey> = {
  nordlys: 'product',
  b2b: 'business',
  stripe: 'web',
  apple: 'appleStore',
  android: 'googlePlay',
  legacy_web: 'oldWebStore',
  customer_service: 'customerService',
};

export const sourceKey = (source: string): StorageSourceKey => SOURCE_KEYS[source] ?? 'other';

/** Business grants of 1000 GiB or more are listed apart from the rest (account.md §6). */
export function splitGrants(grants: readonly UserGrant[]): { business: UserGrant[]; others: UserGrant[] } {
  const isBusiness = (g: UserGrant) => g.source === 'b2b' && g.size >= BUSINESS_GRANT_MIN_GIB;
  return { business: grants.filter(isBusiness), others: grants.filter((g) => !isBusiness(g)) };
}

/** The grant of the subscription plans change on: it renews, so it can be cancelled. */
export const currentPlanGrant = (grants: readonly UserGrant[]): UserGrant | null =>
  grants.find((g) => g.stripe_product_id !== null && g._links.cancel !== undefined) ?? null;

/** Storage the account keeps beside that grant (for plan availability). */
export const otherGrantsBytes = (grants: readonly UserGrant[], current: UserGrant | null): number =>
  grants.filter((g) => g.id !== current?.id).reduce((sum, g) => sum + g.size * GIB, 0);
