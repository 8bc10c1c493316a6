/**
 * A thumbnail or preview the server is still making answers 503 with Retry-After. An <img> cannot
 * read either, so after a failed load the address is asked once more by fetch (its status and
 * headers only) to learn whether to wait, how long, or stop.
 *
 * The wait is never shorter than the server's Retry-After, and grows on its own (1, 2, 4, then
 * every 8 s) so that a page full of pictures in the making does not ask every second; a
 * Retry-After longer than a minute counts as a minute, so a picture left open still arrives.
 */
export const IMAGE_RETRY_FIRST_MS = 1000;
export const IMAGE_RETRY_MAX_MS = 8000;
/** The longest Retry-After honoured as given. */
export const RETRY_AFTER_MAX_MS = 60_000;
/** Loads tried in all, the first included: about five minutes of waiting at the growth's cap. */
export const IMAGE_ATTEMPTS = 40;

/** What the fetch after a failed load learnt. */
export type ImageProbe =
  | { kind: 'answered'; status: number; retryAfter: string | null }
  /** No answer (offline, a dropped connection, a blocked cross-origin read). */
  | { kind: 'unreachable' };

export type ImageRetryStep = { kind: 'wait'; ms: number } | { kind: 'give-up' };

/** The client's own pause after failed load number `attempt` (0 for the first). */
export const imageRetryDelay = (attempt: number): number =>
  Math.min(IMAGE_RETRY_MAX_MS, IMAGE_RETRY_FIRST_MS * 2 ** Math.max(0, attempt));

/** Whether a load that failed as attempt number `attempt` is tried again. */
export const retriesLeft = (attempt: number, attempts = IMAGE_ATTEMPTS): boolean => attempt + 1 < attempts;

/**
 * Retry-After in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent
 * or unreadable. A date in the past is no wait at all.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its weekday, month and zone; bare numbers such as "-3" are no date.
  const at = /GMT$/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * Statuses that say the picture will not come by asking again: a thumbnail that failed (404), a
 * signature that is bad or expired (403), an address the server does not know (400, 410).
 */
const FINAL = new Set([400, 401, 403, 404, 410]);

/** What to do after load number `attempt` failed and the probe answered `probe`. */
export function nextImageTry(
  attempt: number,
  probe: ImageProbe,
  now: number,
  attempts = IMAGE_ATTEMPTS,
): ImageRetryStep {
  if (!retriesLeft(attempt, attempts)) return { kind: 'give-up' };
  if (probe.kind === 'answered' && FINAL.has(probe.status)) return { kind: 'give-up' };
  const own = imageRetryDelay(attempt);
  const asked = probe.kind === 'answered' ? parseRetryAfter(probe.retryAfter, now) : null;
  return { kind: 'wait', ms: Math.max(own, Math.min(asked ?? 0, RETRY_AFTER_MAX_MS)) };
}
