/**
 * When media work that failed for a passing reason is tried again. The queue's own attempts are
 * seconds apart and ride out a hiccup; these rounds ride out an outage (a blob store down for an
 * hour, a disk filled overnight) without leaving a photo's thumbnail broken for good. Each round
 * is the queue's full set of attempts again.
 */
export const RETRY_ROUND_DELAYS_MS = [10 * 60_000, 60 * 60_000, 6 * 60 * 60_000, 24 * 60 * 60_000] as const;

/** How often the due rounds are looked for. */
export const RETRY_CHECK_EVERY_MS = 60_000;

/**
 * When the round after `roundsFailed` failed rounds is due, or null when none is left (the
 * failure then stands, and the client shows its placeholder for good).
 */
export function nextRetryAt(roundsFailed: number, now: number): number | null {
  const delay = RETRY_ROUND_DELAYS_MS[roundsFailed - 1];
  return delay === undefined ? null : now + delay;
}
