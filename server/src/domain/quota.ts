import type { GrantRow } from '../store/repositories/grant.repository';

/** Storage a user may fill: the sum of grants that have not expired at `now` (epoch ms). */
export function maxSpace(grants: Pick<GrantRow, 'size_bytes' | 'expires_at'>[], now: number): number {
  return grants.reduce(
    (sum, grant) => (grant.expires_at === null || grant.expires_at > now ? sum + grant.size_bytes : sum),
    0,
  );
}
