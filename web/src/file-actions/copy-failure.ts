import { isApiError } from '../api/errors';

/** core.md §8: why a copy to the timeline failed. */
export type CopyFailureReason = 'out_of_storage' | 'unknown';

/** The server answers a copy that does not fit the quota with HTTP 413; anything else is unknown. */
export function copyFailureReason(error: unknown): CopyFailureReason {
  return isApiError(error) && error.status === 413 ? 'out_of_storage' : 'unknown';
}
