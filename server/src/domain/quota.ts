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
