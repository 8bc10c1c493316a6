import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api/errors';
import { copyFailureReason } from './copy-failure';

const answer = (status: number, error = 'x') =>
  new ApiError({ status, statusText: '', body: { error }, url: '/st/4/jobs/default/copy_files' });

describe('copyFailureReason', () => {
  it('reads HTTP 413 as out_of_storage, whatever the body says', () => {
    expect(copyFailureReason(answer(413, 'out_of_storage'))).toBe('out_of_storage');
    expect(copyFailureReason(answer(413, 'Payload Too Large'))).toBe('out_of_storage');
  });

  it('reads every other failure as unknown', () => {
    for (const status of [400, 401, 403, 404, 409, 500, 503]) {
      expect(copyFailureReason(answer(status, 'out_of_storage')), String(status)).toBe('unknown');
    }
    expect(copyFailureReason(new NetworkError(new TypeError('offline')))).toBe('unknown');
    expect(copyFailureReason(new Error('Request Entity Too Large'))).toBe('unknown');
    expect(copyFailureReason({ status: 413 })).toBe('unknown');
    expect(copyFailureReason(undefined)).toBe('unknown');
  });
});
