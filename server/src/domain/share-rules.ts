/** A share answers while it is neither stopped nor past its 30 days (core.md §9). */
export const isShareLive = (share: { deleted_at: number | null; expires_at: number }, now: number): boolean =>
  share.deleted_at === null && Number(share.expires_at) > now;
