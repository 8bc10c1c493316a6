import { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@nordlys/contract/constants';
import { PICTURE_EXTENSIONS, VIDEO_EXTENSIONS } from '@nordlys/contract/supported-extensions';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../src/domain/errors';
import { parseFilePath } from '../src/domain/file-path';
import { fileTypeOf, isScreenshotName, mediaKindOf, toEpochMs } from '../src/domain/file-type';
import { checkUploadSize } from '../src/domain/upload-checks';
import {
  parseExifDate,
  parseFfmpegInfo,
  SAMPLE_HEAD_BYTES,
  SAMPLE_TAIL_BYTES,
  sampleOfBlob,
  sampleSizesFor,
} from '../src/media/metadata';

const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof DomainError ? `${error.kind}: ${error.message}` : String(error);
  }
  return 'ok';
};

describe('file paths', () => {
  it('splits a relative path into name and lower-case extension', () => {
    expect(parseFilePath('Camera/2024/IMG_0001.JPG')).toEqual({
      path: 'Camera/2024/IMG_0001.JPG',
      fileName: 'IMG_0001.JPG',
      extension: 'jpg',
    });
    expect(parseFilePath('.hidden').extension).toBe('');
    expect(parseFilePath('README').extension).toBe('');
  });

  it.each([
    ['', /path is required/],
    ['Camera/', /FileIsFolder/],
    ['../x.jpg', /'\.\.'/],
    ['a/./x.jpg', /'\.'/],
    ['/abs/x.jpg', /relative/],
    ['C:/x.jpg', /relative/],
    ['a\\x.jpg', /backslash/],
    ['a//x.jpg', /empty segment/],
    ['a/\u0000.jpg', /control/],
    [`${'a'.repeat(1021)}.jpg`, /1024/],
  ])('refuses %j', (raw, message) => {
    expect(reason(() => parseFilePath(raw))).toMatch(message);
  });

  it('never accepts a path that leaves its folder', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', '..', '.', '', 'b.jpg', '\\', '/'), { maxLength: 6 }),
        (parts) => {
          const raw = parts.join('/');
          const outcome = reason(() => parseFilePath(raw));
          if (outcome === 'ok') {
            expect(raw.split('/')).not.toContain('..');
            expect(raw.startsWith('/')).toBe(false);
            expect(raw).not.toContain('\\');
          }
        },
      ),
    );
  });
});

describe('file types', () => {
  it('has 42 picture and 25 video extensions, distinct and lower-case', () => {
    expect(new Set(PICTURE_EXTENSIONS).size).toBe(42);
    expect(new Set(VIDEO_EXTENSIONS).size).toBe(25);
    for (const ext of PICTURE_EXTENSIONS) expect(VIDEO_EXTENSIONS as readonly string[]).not.toContain(ext);
  });

  it('takes the type from the duration, else the extension', () => {
    expect(fileTypeOf('jpg', null)).toBe('Pictures');
    expect(fileTypeOf('HEIC', null)).toBe('Pictures');
    expect(fileTypeOf('mov', null)).toBe('Movies');
    expect(fileTypeOf('pdf', null)).toBe('Documents');
    expect(fileTypeOf('bin', 3000)).toBe('Movies');
    expect(mediaKindOf('txt', 0)).toBe('document');
  });

  it('recognises screenshots by the screenshot_ prefix', () => {
    expect(isScreenshotName('screenshot_20240315_101500.png')).toBe(true);
    expect(isScreenshotName('Screenshot_1.PNG')).toBe(true);
    expect(isScreenshotName('my_screenshot_1.png')).toBe(false);
  });

  it('reads mtime as seconds or milliseconds', () => {
    expect(toEpochMs(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toEpochMs(1_700_000_000_123)).toBe(1_700_000_000_123);
    expect(toEpochMs(1.5)).toBe(1500);
  });
});

describe('upload size checks in the spec order', () => {
  it('TooLargeFile before Out of storage', () => {
    expect(reason(() => checkUploadSize(MAX_UPLOAD_BYTES + 1, 0))).toBe('PayloadTooLarge: TooLargeFile');
    expect(reason(() => checkUploadSize(11, 10))).toBe('OutOfStorage: Out of storage');
    expect(reason(() => checkUploadSize(10, 10))).toBe('ok');
    expect(reason(() => checkUploadSize(MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES))).toBe('ok');
  });
});

describe('metadata parsing', () => {
  it('reads EXIF dates with and without an offset', () => {
    expect(parseExifDate('2023:07:14 18:32:05', '+02:00')).toBe(Date.parse('2023-07-14T16:32:05Z'));
    expect(parseExifDate('2023:07:14 18:32:05', '-05:30')).toBe(Date.parse('2023-07-15T00:02:05Z'));
    expect(parseExifDate('2021:12:24 09:00:00', undefined)).toBe(Date.parse('2021-12-24T09:00:00Z'));
    expect(parseExifDate('0000:00:00 00:00:00', undefined)).toBeNull();
    expect(parseExifDate('garbage', undefined)).toBeNull();
    expect(parseExifDate(42, undefined)).toBeNull();
    // The offset written in the value (XMP, QuickTime keys) wins; EXIF TimeZoneOffset is in hours.
    expect(parseExifDate('2019:03:04 05:06:07+09:00', '+02:00')).toBe(Date.parse('2019-03-03T20:06:07Z'));
    expect(parseExifDate('2019:03:04 05:06:07.25Z', undefined)).toBe(Date.parse('2019-03-04T05:06:07Z'));
    expect(parseExifDate('2023:07:14 18:32:05', 9)).toBe(Date.parse('2023-07-14T09:32:05Z'));
    expect(parseExifDate('2023:07:14 18:32:05', -3.5)).toBe(Date.parse('2023-07-14T22:02:05Z'));
  });

  it('reads duration, size, rotation and creation time from ffmpeg output', () => {
    const output = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'x.mov':",
      '  Metadata:',
      '    creation_time   : 2020-02-02T02:02:02.000000Z',
      '  Duration: 00:01:02.50, start: 0.000000, bitrate: 136 kb/s',
      '    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 1920x1080 [SAR 1:1 DAR 16:9], 25 fps',
      '      rotate          : 90',
    ].join('\n');
    expect(parseFfmpegInfo(output)).toEqual({
      width: 1080,
      height: 1920,
      durationMs: 62_500,
      takenAt: Date.parse('2020-02-02T02:02:02Z'),
    });
    expect(parseFfmpegInfo('moov atom not found')).toEqual({
      width: null,
      height: null,
      durationMs: null,
      takenAt: null,
    });
  });

  it('reads back only the first and last bytes of a stored blob', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 120 }),
        fc.nat(50),
        fc.nat(50),
        async (bytes, head, tail) => {
          const all = Buffer.from(bytes);
          const asked: { start: number; end?: number }[] = [];
          const blobs = {
            get: async (_key: string, range?: { start: number; end?: number }) => {
              asked.push(range ?? { start: 0 });
              return Readable.from([all.subarray(range?.start ?? 0, (range?.end ?? all.length - 1) + 1)]);
            },
          };
          const sample = await sampleOfBlob(blobs, 'content/ab/x', all.length, { head, tail });
          expect(sample.size).toBe(all.length);
          expect(sample.head).toEqual(all.subarray(0, head));
          // The tail never repeats bytes of the head.
          expect(sample.tail).toEqual(all.subarray(Math.max(Math.min(head, all.length), all.length - tail)));
          // Never more than the two ranges, and none past the end.
          expect(asked.length).toBeLessThanOrEqual(2);
          for (const range of asked) expect(range.end ?? 0).toBeLessThan(all.length);
        },
      ),
    );
  });

  it('samples a picture head only, a movie head and tail, and nothing of a document', () => {
    expect(sampleSizesFor('picture')).toEqual({ head: SAMPLE_HEAD_BYTES, tail: 0 });
    expect(sampleSizesFor('movie')).toEqual({ head: SAMPLE_HEAD_BYTES, tail: SAMPLE_TAIL_BYTES });
    expect(sampleSizesFor('document')).toEqual({ head: 0, tail: 0 });
  });
});
