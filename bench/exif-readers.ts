import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exiftool } from 'exiftool-vendored';
import { endExifTool } from '../server/src/media/exiftool';
import { extractMetadata, type MediaMetadata } from '../server/src/media/metadata';

/**
 * Which EXIF reader reads our fields right: the metadata adapter as it is (ExifTool through
 * exiftool-vendored, libvips and ffmpeg only filling what it lacks), exiftool-vendored's own
 * reading, and exifr (what the adapter used before; unmaintained since 2021, kept here as a
 * development dependency of the bench so the comparison stays runnable), on the fixtures and on
 * copies of them with tags written by ExifTool itself (so the truth is known): capture time with
 * its offset, GPS, displayed size, make and model, lens, movie duration, HEIC.
 *
 * `node --import tsx bench/exif-readers.ts` prints one line per file and field.
 */

interface Truth {
  takenAt?: number | null;
  gps?: [number, number] | null;
  size?: [number, number];
  make?: string;
  model?: string;
  lens?: string;
  durationMs?: number;
}

interface Reading {
  takenAt: number | null;
  gps: [number, number] | null;
  size: [number, number] | null;
  make: string | null;
  model: string | null;
  lens: string | null;
  durationMs: number | null;
}

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const dir = mkdtempSync(path.join(os.tmpdir(), 'nordlys-exif-'));
const exiftoolBin = path.resolve(import.meta.dirname, '../node_modules/exiftool-vendored.pl/bin/exiftool');

/** A copy of a fixture with tags written by ExifTool. */
function variant(fixture: string, name: string, args: string[]): string {
  const file = path.join(dir, name);
  copyFileSync(path.join(fixtures, fixture), file);
  if (args.length > 0) execFileSync('perl', [exiftoolBin, '-q', '-overwrite_original', ...args, file]);
  return file;
}

const utc = (iso: string) => Date.parse(iso);
const cases: Array<{ file: string; kind: 'picture' | 'movie'; truth: Truth }> = [
  {
    file: variant('photo-exif.jpg', 'camera.jpg', []),
    kind: 'picture',
    truth: {
      takenAt: utc('2023-07-14T18:32:05+02:00'),
      gps: [59.9139, 10.7522],
      size: [1600, 1200],
      make: 'Nordlys Test',
      model: 'Camera One',
    },
  },
  {
    file: variant('photo-exif.jpg', 'lens-offset.jpg', [
      '-LensModel=Nordlys 35mm F1.4',
      '-OffsetTimeOriginal=-05:00',
      '-GPSLatitude=33.8688',
      '-GPSLatitudeRef=S',
      '-GPSLongitude=151.2093',
      '-GPSLongitudeRef=E',
    ]),
    kind: 'picture',
    truth: {
      takenAt: utc('2023-07-14T18:32:05-05:00'),
      gps: [-33.8688, 151.2093],
      size: [1600, 1200],
      lens: 'Nordlys 35mm F1.4',
    },
  },
  {
    file: variant('photo-exif.jpg', 'west.jpg', [
      '-GPSLongitude=74.006',
      '-GPSLongitudeRef=W',
      '-GPSLatitude=40.7128',
    ]),
    kind: 'picture',
    truth: { gps: [40.7128, -74.006] },
  },
  {
    file: variant('photo-exif.jpg', 'xmp-only.jpg', [
      '-EXIF:all=',
      '-XMP-exif:DateTimeOriginal=2019:03:04 05:06:07+09:00',
      '-XMP-exif:GPSLatitude=35.6762 N',
      '-XMP-exif:GPSLongitude=139.6503 E',
      '-XMP-tiff:Make=Xmp Maker',
      '-XMP-tiff:Model=Xmp Model',
    ]),
    kind: 'picture',
    truth: {
      takenAt: utc('2019-03-04T05:06:07+09:00'),
      gps: [35.6762, 139.6503],
      size: [1600, 1200],
      make: 'Xmp Maker',
      model: 'Xmp Model',
    },
  },
  {
    file: variant('photo-exif.jpg', 'timezone-tag.jpg', [
      '-OffsetTimeOriginal=',
      '-OffsetTime=',
      '-TimeZoneOffset=9',
    ]),
    kind: 'picture',
    truth: { takenAt: utc('2023-07-14T18:32:05+09:00') },
  },
  {
    file: variant('rotated-orientation6.jpg', 'rotated.jpg', []),
    kind: 'picture',
    truth: { takenAt: utc('2021-12-24T09:00:00Z'), size: [900, 1200] },
  },
  {
    file: variant('photo.heic', 'phone.heic', []),
    kind: 'picture',
    truth: { takenAt: utc('2022-05-01T12:00:00Z'), size: [800, 600] },
  },
  {
    file: variant('photo.heic', 'phone-gps.heic', [
      '-OffsetTimeOriginal=+02:00',
      '-GPSLatitude=63.4305',
      '-GPSLatitudeRef=N',
      '-GPSLongitude=10.3951',
      '-GPSLongitudeRef=E',
      '-Make=Phone Maker',
      '-Model=Phone One',
    ]),
    kind: 'picture',
    truth: {
      takenAt: utc('2022-05-01T12:00:00+02:00'),
      gps: [63.4305, 10.3951],
      size: [800, 600],
      make: 'Phone Maker',
      model: 'Phone One',
    },
  },
  {
    file: variant('clip.mp4', 'clip.mp4', []),
    kind: 'movie',
    truth: { takenAt: utc('2023-08-01T10:00:00Z'), size: [640, 360], durationMs: 3000 },
  },
  {
    file: variant('clip.mov', 'clip.mov', []),
    kind: 'movie',
    truth: { takenAt: utc('2020-02-02T02:02:02Z'), size: [480, 270], durationMs: 2000 },
  },
  {
    file: variant('clip.mp4', 'phone-clip.mp4', [
      '-Keys:GPSCoordinates=59.9139, 10.7522',
      '-Keys:Make=Phone Maker',
      '-Keys:Model=Phone One',
    ]),
    kind: 'movie',
    truth: { gps: [59.9139, 10.7522], make: 'Phone Maker', model: 'Phone One', durationMs: 3000 },
  },
];

const fromAdapter = (meta: MediaMetadata): Reading => ({
  takenAt: meta.takenAt,
  gps: meta.gps ? [meta.gps.latitude, meta.gps.longitude] : null,
  size: meta.width && meta.height ? [meta.width, meta.height] : null,
  make: meta.make,
  model: meta.model,
  lens: null,
  durationMs: meta.durationMs,
});

async function exifrReading(file: string): Promise<Reading> {
  const { default: exifr } = await import('exifr');
  const all =
    (await exifr.parse(file, { tiff: true, exif: true, gps: true, xmp: true }).catch(() => null)) ?? {};
  const date = all.DateTimeOriginal instanceof Date ? all.DateTimeOriginal.getTime() : null;
  return {
    takenAt: date,
    gps: typeof all.latitude === 'number' ? [all.latitude, all.longitude] : null,
    size: all.ExifImageWidth ? [all.ExifImageWidth, all.ExifImageHeight] : null,
    make: all.Make ?? null,
    model: all.Model ?? null,
    lens: all.LensModel ?? null,
    durationMs: null,
  };
}

async function exiftoolReading(file: string): Promise<Reading> {
  const tags = (await exiftool.read(file)) as Record<string, unknown>;
  const date = (tags.SubSecDateTimeOriginal ??
    tags.DateTimeOriginal ??
    tags.CreationDate ??
    tags.CreateDate) as { toMillis?: () => number; hasZone?: boolean; toDate?: () => Date } | undefined;
  const turned = Number(tags.Rotation ?? 0) % 180 === 90 || [5, 6, 7, 8].includes(Number(tags.Orientation));
  const width = Number(tags.ImageWidth ?? 0);
  const height = Number(tags.ImageHeight ?? 0);
  const duration = tags.Duration;
  return {
    takenAt: date?.toMillis ? date.toMillis() : null,
    gps:
      typeof tags.GPSLatitude === 'number' ? [tags.GPSLatitude as number, tags.GPSLongitude as number] : null,
    size: width && height ? (turned ? [height, width] : [width, height]) : null,
    make: (tags.Make as string) ?? null,
    model: (tags.Model as string) ?? null,
    lens: ((tags.LensModel ?? tags.Lens) as string) ?? null,
    durationMs: typeof duration === 'number' ? Math.round(duration * 1000) : null,
  };
}

const right = (field: keyof Truth, truth: Truth, reading: Reading): boolean => {
  const want = truth[field];
  const got = reading[field];
  if (field === 'gps' || field === 'size') {
    const [a, b] = want as [number, number];
    const [c, d] = (got as [number, number] | null) ?? [Number.NaN, Number.NaN];
    return Math.abs(a - c) < 1e-3 && Math.abs(b - d) < 1e-3;
  }
  if (field === 'durationMs') return Math.abs((want as number) - ((got as number | null) ?? -1e9)) < 100;
  return want === got;
};

const score = { adapter: 0, exifr: 0, exiftool: 0, fields: 0 };
const adapterMisses = new Set<keyof Truth>();
try {
  for (const { file, kind, truth } of cases) {
    const readings = {
      adapter: fromAdapter(await extractMetadata(kind, { file })),
      exifr: await exifrReading(file),
      exiftool: await exiftoolReading(file),
    };
    for (const field of Object.keys(truth) as Array<keyof Truth>) {
      score.fields += 1;
      const marks = (['adapter', 'exifr', 'exiftool'] as const).map((reader) => {
        const ok = right(field, truth, readings[reader]);
        if (ok) score[reader] += 1;
        else if (reader === 'adapter') adapterMisses.add(field);
        return `${reader} ${ok ? 'right' : `WRONG (${JSON.stringify(readings[reader][field])})`}`;
      });
      console.log(`${path.basename(file).padEnd(18)} ${field.padEnd(10)} ${marks.join(', ')}`);
    }
  }
  console.log(
    `\nright of ${score.fields}: the adapter (ExifTool, libvips and ffmpeg filling gaps) ${score.adapter}, ` +
      `exifr alone ${score.exifr}, exiftool-vendored alone ${score.exiftool}`,
  );
  const kept = score.exiftool >= score.exifr ? 'ExifTool' : 'exifr';
  console.log(
    `the reader to keep: ${kept}, by ${Math.abs(score.exiftool - score.exifr)} fields; the adapter ` +
      `reads with ExifTool and missed: ${[...adapterMisses].join(', ') || 'nothing'}` +
      (adapterMisses.has('lens') ? ' (the server keeps no lens)' : ''),
  );
} finally {
  await Promise.all([exiftool.end(), endExifTool()]);
  rmSync(dir, { recursive: true, force: true });
}
