/** Storage granted to a user (a plan, a purchase, customer service), in bytes, until `expiresAt`. */
export interface StorageGrant {
  sizeBytes: number;
  /** Epoch ms; null never expires. */
  expiresAt: number | null;
}

/** Storage a user may fill: the sum of grants that have not expired at `now` (epoch ms). */
export function maxSpace(grants: readonly StorageGrant[], now: number): number {
  return grants.reduce(
    (sum, grant) => (grant.expiresAt === null || grant.expiresAt > now ? sum + grant.sizeBytes : sum),
    0,
  );
}

/**
 * An account is read-only when an administrator made it so, or when it holds no live grant: no
 * subscription, trial or gift of storage (account.md §4). A grant of 0 bytes still counts.
 */
export function isReadOnly(flagged: boolean, hasLiveGrant: boolean): boolean {
  return flagged || !hasLiveGrant;
}

/** Whether any grant is unexpired at `now`. */
export const hasLiveGrant = (grants: readonly StorageGrant[], now: number): boolean =>
  grants.some((grant) => grant.expiresAt === null || grant.expiresAt > now);
