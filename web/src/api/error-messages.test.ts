import { describe, expect, it } from 'vitest';
import i18n from '../i18n/i18n';
import { errorMessageKey } from './error-messages';
import { ApiError, NetworkError } from './errors';

const apiError = (status: number) =>
  new ApiError({ status, statusText: 'x', body: undefined, url: '/st/4/x' });

describe('errorMessageKey', () => {
  it('maps failures to user texts', () => {
    expect(i18n.t(errorMessageKey(new NetworkError(new TypeError('Failed to fetch'))))).toBe(
      'No Internet connection',
    );
    expect(errorMessageKey(apiError(413))).toBe('api:errors.outOfStorage');
    expect(errorMessageKey(apiError(404))).toBe('api:errors.notFound');
    expect(i18n.t(errorMessageKey(apiError(500)))).toBe('Oops! Something went wrong.');
    expect(i18n.t(errorMessageKey(new Error('boom')))).toBe('unknown Error');
  });
});
