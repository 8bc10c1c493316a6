import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fixturesDir } from '../../test/media-test-content';
import type { MediaKind } from '../domain/file-type';
import { extractMetadata, sampleOfBlob, sampleSizesFor } from './metadata';

/** The sample the ingest reads back from a store that cannot hand out the file (S3), by range reads. */
async function sampleOf(file: string, kind: MediaKind) {
  const bytes = await readFile(file);
  const blobs = {
    get: async (_key: string, range?: { start: number; end?: number }) =>
      Readable.from([bytes.subarray(range?.start ?? 0, (range?.end ?? bytes.length - 1) + 1)]),
  };
  return sampleOfBlob(blobs, 'content/ab/sample', bytes.length, sampleSizesFor(kind));
}

describe('metadata from the stored file and from a sample', () => {
  it.each([
    ['photo-exif.jpg', 'picture', { width: 1600, height: 1200, make: 'Nordlys Test', iso: 200 }],
    ['rotated-orientation6.jpg', 'picture', { width: 900, height: 1200 }],
    ['clip.mp4', 'movie', { width: 640, height: 360, durationMs: 3000 }],
    ['clip.mov', 'movie', { width: 480, height: 270, durationMs: 2000 }],
  ] as const)('reads %s the same both ways', async (name, kind, facts) => {
    const file = path.join(fixturesDir, name);
    const fromFile = await extractMetadata(kind, { file });
    expect(fromFile).toMatchObject(facts);
    expect(fromFile.takenAt).not.toBeNull();
    expect(await extractMetadata(kind, await sampleOf(file, kind))).toEqual(fromFile);
  });

  it('reads the capture time of the photo with its offset', async () => {
    const meta = await extractMetadata('picture', { file: path.join(fixturesDir, 'photo-exif.jpg') });
    expect(new Date(meta.takenAt as number).toISOString()).toBe('2023-07-14T16:32:05.000Z');
  });

  it('gives empty metadata, not an error, for bytes that are not a picture', async () => {
    const file = path.join(fixturesDir, 'broken.jpg');
    const fromFile = await extractMetadata('picture', { file });
    expect(fromFile).toMatchObject({ width: null, height: null, takenAt: null, make: null });
    expect(await extractMetadata('picture', await sampleOf(file, 'picture'))).toEqual(fromFile);
  });

  it('gives empty metadata for a stored file that has gone', async () => {
    const meta = await extractMetadata('movie', { file: path.join(fixturesDir, 'no-such-file.mp4') });
    expect(meta).toMatchObject({ width: null, height: null, durationMs: null });
  });
});
