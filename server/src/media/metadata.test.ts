import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturesDir } from '../../test/media-test-content';
import type { MediaKind } from '../domain/file-type';
import { endExifTool } from './exiftool';
import { extractMetadata, sampleOfBlob, sampleSizesFor } from './metadata';

afterAll(() => endExifTool());

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

/** Copies of the fixtures with tags written by ExifTool's own script, so what is right is known. */
describe('fields only ExifTool reads', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nordlys-exif-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // The package answers the path of the script the server's ExifTool runs, wherever npm put it.
  const script = createRequire(import.meta.url)('exiftool-vendored.pl') as string;
  const variant = (fixtureName: string, name: string, args: string[]) => {
    const file = path.join(dir, name);
    copyFileSync(path.join(fixturesDir, fixtureName), file);
    execFileSync('perl', [script, '-q', '-overwrite_original', ...args, file]);
    return file;
  };

  it('reads the date, place and camera of a JPEG that has them only in XMP', async () => {
    const file = variant('photo-exif.jpg', 'xmp-only.jpg', [
      '-EXIF:all=',
      '-XMP-exif:DateTimeOriginal=2019:03:04 05:06:07+09:00',
      '-XMP-exif:GPSLatitude=35.6762 S',
      '-XMP-exif:GPSLongitude=139.6503 W',
      '-XMP-tiff:Make=Xmp Maker',
      '-XMP-tiff:Model=Xmp Model',
    ]);
    expect(await extractMetadata('picture', { file })).toMatchObject({
      takenAt: Date.parse('2019-03-04T05:06:07+09:00'),
      gps: { latitude: -35.6762, longitude: -139.6503 },
      make: 'Xmp Maker',
      model: 'Xmp Model',
      width: 1600,
      height: 1200,
    });
  });

  it('takes the capture offset from TimeZoneOffset when there is no OffsetTimeOriginal', async () => {
    const file = variant('photo-exif.jpg', 'zone.jpg', [
      '-OffsetTimeOriginal=',
      '-OffsetTime=',
      '-TimeZoneOffset=9',
    ]);
    const meta = await extractMetadata('picture', { file });
    expect(meta.takenAt).toBe(Date.parse('2023-07-14T18:32:05+09:00'));
  });

  it("reads a phone movie's place, camera and dated offset from its QuickTime keys", async () => {
    const file = variant('clip.mp4', 'phone.mp4', [
      '-Keys:GPSCoordinates=59.9139, 10.7522',
      '-Keys:Make=Phone Maker',
      '-Keys:Model=Phone One',
      '-Keys:CreationDate=2023:08:01 12:30:00+02:00',
    ]);
    expect(await extractMetadata('movie', { file })).toMatchObject({
      takenAt: Date.parse('2023-08-01T10:30:00Z'),
      gps: { latitude: 59.9139, longitude: 10.7522 },
      make: 'Phone Maker',
      model: 'Phone One',
      width: 640,
      height: 360,
      durationMs: 3000,
    });
  });

  it("reads a HEIC's size and date, and gives a picture no duration (it stays a picture)", async () => {
    const meta = await extractMetadata('picture', { file: path.join(fixturesDir, 'photo.heic') });
    expect(meta).toMatchObject({ width: 800, height: 600, durationMs: null });
    expect(new Date(meta.takenAt as number).toISOString()).toBe('2022-05-01T12:00:00.000Z');
  });
});
