import { isApiError, isNetworkError } from './errors';

/** An i18n key (namespace api) for showing an API failure to the user. */
export function errorMessageKey(error: unknown): string {
  if (isNetworkError(error)) return 'api:errors.network';
  if (isApiError(error)) {
    if (error.status === 401) return 'api:errors.unauthenticated';
    if (error.status === 403) return 'api:errors.forbidden';
    if (error.status === 404) return 'api:errors.notFound';
    if (error.status === 413) return 'api:errors.outOfStorage';
    return 'api:errors.generic';
  }
  return 'api:errors.unknown';
}
