/**
 * A thumbnail or preview the server is still making answers 503. An <img> cannot tell that from a
 * broken file, so it is asked again with a growing pause (1, 2, 4, then every 8 s) for about a
 * minute before the picture counts as failed.
 */
export const IMAGE_RETRY_FIRST_MS = 1000;
export const IMAGE_RETRY_MAX_MS = 8000;
/** Loads tried in all, the first included. */
export const IMAGE_ATTEMPTS = 10;

/** The pause after failed load number `attempt` (0 for the first). */
export const imageRetryDelay = (attempt: number): number =>
  Math.min(IMAGE_RETRY_MAX_MS, IMAGE_RETRY_FIRST_MS * 2 ** Math.max(0, attempt));

/** Whether a load that failed as attempt number `attempt` is tried again. */
export const retriesLeft = (attempt: number, attempts = IMAGE_ATTEMPTS): boolean => attempt + 1 < attempts;
