import { describe, expect, it } from 'vitest';
import { MISSING_ALBUM_PARAMS, requireAlbumParams } from './album-params';

describe('requireAlbumParams', () => {
  it('accepts either id and returns only what is present', () => {
    expect(requireAlbumParams({ albumIDB64: 'abc', fileID: 'f' })).toEqual({ albumIDB64: 'abc' });
    expect(requireAlbumParams({ albumID: 'uuid' })).toEqual({ albumID: 'uuid' });
  });

  it('fails with the spec message when neither is present or both are empty', () => {
    expect(() => requireAlbumParams({ fileID: 'f' })).toThrow(MISSING_ALBUM_PARAMS);
    expect(() => requireAlbumParams({ albumID: '', albumIDB64: '' })).toThrow(
      'Must have params for either albumID or albumIDB64',
    );
  });
});
