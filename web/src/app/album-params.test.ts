import { describe, expect, it } from 'vitest';
import { lacksAlbumParams, MISSING_ALBUM_PARAMS, requireAlbumParams } from './album-params';

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

describe('lacksAlbumParams', () => {
  const paths = ['/a/:albumIDB64', '/a/:albumIDB64/createNew', '/comments/:albumIDB64/:fileID', '/photos'];

  it('recognises an album route whose album id is empty', () => {
    for (const pathname of ['/a/', '/a//', '/a//createNew', '/comments//f1', '/comments//f1/']) {
      expect(lacksAlbumParams(pathname, paths), pathname).toBe(true);
    }
  });

  it('leaves routes with an id, other shapes and routes without album params alone', () => {
    for (const pathname of [
      '/a/abc',
      '/a/abc/createNew',
      '/comments//',
      '/comments/x/f1',
      '/a//other',
      '/photos/',
      '/',
    ]) {
      expect(lacksAlbumParams(pathname, paths), pathname).toBe(false);
    }
  });
});
