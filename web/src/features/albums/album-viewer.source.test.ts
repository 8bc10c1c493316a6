import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../../api/errors';
import { fileRecord } from '../../file-actions/file-record.test-data';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { albumViewerSource } from './album-viewer.source';

afterEach(() => vi.unstubAllGlobals());

// Added in the order a, b, c; taken in the order c, a, b.
const FILES = [
  fileRecord('a', { uploadedTime: 100, timestamp: 20 }),
  fileRecord('b', { uploadedTime: 200, timestamp: 30 }),
  fileRecord('c', { uploadedTime: 300, timestamp: 10 }),
];
const serveAlbum = () =>
  fakeApi({
    'GET /jobs/album-1/files': jsonResponse({ files: FILES }),
  });
const ids = (files: { fileID: string }[]) => files.map((file) => file.fileID);

describe('album viewer source', () => {
  it("gives a file's neighbours in the album's order", async () => {
    const calls = serveAlbum();
    const added = await albumViewerSource('album-1', 'ADDED', null).load('b');
    expect(added.file.fileID).toBe('b');
    expect(ids(added.before)).toEqual(['c']);
    expect(ids(added.after)).toEqual(['a']);

    const oldest = await albumViewerSource('album-1', 'OLDEST_TAKEN', null).load('a');
    expect(ids(oldest.before)).toEqual(['c']);
    expect(ids(oldest.after)).toEqual(['b']);
    expect(calls.every((call) => call.url.searchParams.get('types') === 'Pictures,Movies')).toBe(true);
  });

  it('has nothing beyond the ends, and a file not in the album is not found', async () => {
    serveAlbum();
    const source = albumViewerSource('album-1', 'ADDED', null);
    expect(await source.more(FILES[0]!, 'next')).toEqual([]);
    const error = await source.load('zzz').catch((caught: unknown) => caught);
    expect(isApiError(error) && error.status).toBe(404);
  });
});
