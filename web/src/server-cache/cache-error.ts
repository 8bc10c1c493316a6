import { isApiError, isNetworkError } from '../api/errors';

/**
 * A failed read or write as the cache keeps it: plain data (the store holds only serialisable
 * values), with what views decide on — the HTTP status and the server's reason.
 */
export interface CacheError {
  /** The HTTP status; null when no answer came (offline) or the failure was not the server's. */
  status: number | null;
  reason?: string;
  network: boolean;
}

export function toCacheError(error: unknown): CacheError {
  if (isApiError(error)) return { status: error.status, reason: error.reason, network: false };
  return { status: null, network: isNetworkError(error) };
}

export const isCacheError = (error: unknown): error is CacheError =>
  typeof error === 'object' && error !== null && 'status' in error && 'network' in error;
