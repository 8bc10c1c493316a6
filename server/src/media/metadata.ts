import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BlobStore } from '../blobs/blob-store';
import type { MediaKind } from '../domain/file-type';
import { type ExifTags, readExifTags } from './exiftool';
import { ffmpegLocation } from './ffmpeg-locator';
import { loadSharp } from './sharp-loader';

/** The parts of a file the metadata readers need when the store cannot hand them the file (S3). */
export interface ByteSample {
  /** The first bytes (headers, EXIF). */
  head: Buffer;
  /** The last bytes (an MP4's moov atom is often at the end). */
  tail: Buffer;
  size: number;
}

export const SAMPLE_HEAD_BYTES = 4 * 1024 * 1024;
export const SAMPLE_TAIL_BYTES = 16 * 1024 * 1024;

/**
 * Where metadata is read from: the stored file itself when the store keeps one on this machine
 * (ExifTool reads only the parts it needs, and no bytes pass through JavaScript), else a sample
 * read back from the stored blob. Keeping a sample as the bytes
 * streamed by held megabytes per upload for the whole upload, long enough for the garbage
 * collector to promote them, and the main thread ran a full collection every few camera photos.
 */
export type MetadataSource = { file: string } | ByteSample;

export interface MediaMetadata {
  width: number | null;
  height: number | null;
  durationMs: number | null;
  /** Capture time, epoch ms. */
  takenAt: number | null;
  make: string | null;
  model: string | null;
  iso: number | null;
  aperture: number | null;
  /** Like "1/250" or "2". */
  exposure: string | null;
  focalLength: number | null;
  gps: { latitude: number; longitude: number } | null;
}

export const EMPTY_METADATA: MediaMetadata = {
  width: null,
  height: null,
  durationMs: null,
  takenAt: null,
  make: null,
  model: null,
  iso: null,
  aperture: null,
  exposure: null,
  focalLength: null,
  gps: null,
};

/** How much of a file's start and end the metadata readers need, by kind. */
export function sampleSizesFor(kind: MediaKind): { head: number; tail: number } {
  // A picture's headers and EXIF sit at its start; a movie's index may sit at its end; a
  // document's metadata is not read at all.
  if (kind === 'picture') return { head: SAMPLE_HEAD_BYTES, tail: 0 };
  if (kind === 'movie') return { head: SAMPLE_HEAD_BYTES, tail: SAMPLE_TAIL_BYTES };
  return NO_SAMPLE;
}

const NO_SAMPLE = { head: 0, tail: 0 } as const;

/**
 * The sample of a stored blob that a remote store gives by range reads: its first bytes and, for a
 * movie, its last. Read once the upload is complete, so nothing is held while the bytes stream in.
 */
export async function sampleOfBlob(
  blobs: Pick<BlobStore, 'get'>,
  key: string,
  size: number,
  wanted: { head: number; tail: number },
): Promise<ByteSample> {
  const headEnd = Math.min(size, wanted.head);
  const tailStart = Math.max(headEnd, size - wanted.tail);
  const range = async (start: number, end: number) => {
    if (end < start) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    for await (const chunk of await blobs.get(key, { start, end })) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  return { head: await range(0, headEnd - 1), tail: await range(tailStart, size - 1), size };
}

const exposureText = (seconds: number) =>
  seconds > 0 && seconds < 1 ? `1/${Math.round(1 / seconds)}` : String(Math.round(seconds * 100) / 100);

/** A number, or the first of several ExifTool prints space-separated ("200 200"). */
const finite = (value: unknown): number | null => {
  const first = typeof value === 'string' ? value.trim().split(/\s+/)[0] : value;
  const number = typeof first === 'string' && first !== '' ? Number(first) : first;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

/** Text; ExifTool's JSON gives a name that looks like a number (a model "5") as a number. */
const text = (value: unknown): string | null => {
  const raw = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  return typeof raw === 'string' && raw.trim() ? raw.trim().replace(/\0+$/, '') : null;
};

/**
 * "2023:07:14 18:32:05" with "+02:00" → epoch ms. An offset written in the value itself (XMP,
 * QuickTime keys) comes first, then the one given: "+02:00" or hours (EXIF TimeZoneOffset).
 * Without an offset the wall-clock time is read as UTC.
 */
export function parseExifDate(value: unknown, offset: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match =
    /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?\s*(Z|[+-]\d{2}:?\d{2})?\s*$/.exec(value) ??
    /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1, 7).map(Number) as number[];
  let ms = Date.UTC(y as number, (mo as number) - 1, d, h, mi, s);
  const written = match[7] === 'Z' ? '+00:00' : match[7];
  ms -= offsetMinutes(written ?? offset) * 60_000;
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

function offsetMinutes(offset: unknown): number {
  const hours = finite(offset);
  if (typeof offset !== 'string' && hours != null && Math.abs(hours) <= 14) return hours * 60;
  const off = typeof offset === 'string' ? /^([+-])(\d{2}):?(\d{2})$/.exec(offset.trim()) : null;
  return off ? (off[1] === '-' ? -1 : 1) * (Number(off[2]) * 60 + Number(off[3])) : 0;
}

/**
 * The capture time: the original date with its own offset (EXIF OffsetTime*, else the older
 * TimeZoneOffset), then the digitized and the modified one. A movie's QuickTime CreateDate is
 * UTC by its format; a phone's CreationDate key carries its offset and comes first.
 */
function takenAtOf(tags: ExifTags, kind: MediaKind): number | null {
  const zone = finite(tags.TimeZoneOffset);
  if (kind === 'movie')
    return (
      parseExifDate(tags.CreationDate, undefined) ??
      parseExifDate(tags.DateTimeOriginal, undefined) ??
      parseExifDate(tags.CreateDate, undefined)
    );
  return (
    parseExifDate(tags.DateTimeOriginal, tags.OffsetTimeOriginal ?? zone) ??
    parseExifDate(tags.CreateDate, tags.OffsetTimeDigitized ?? zone) ??
    parseExifDate(tags.ModifyDate, tags.OffsetTime ?? zone)
  );
}

/** Turned a quarter: EXIF orientations 5-8, or a movie track rotated 90 or 270 degrees. */
function isTurned(tags: ExifTags, kind: MediaKind): boolean {
  if (kind === 'picture') return (finite(tags.Orientation) ?? 1) >= 5;
  return Math.abs(finite(tags.Rotation) ?? 0) % 180 === 90;
}

/** What ExifTool read, in the server's fields; a picture has no duration (an animated GIF is still a picture). */
export function metadataFromTags(tags: ExifTags, kind: MediaKind): MediaMetadata {
  const exposure = finite(tags.ExposureTime);
  const latitude = finite(tags.GPSLatitude);
  const longitude = finite(tags.GPSLongitude);
  const width = finite(tags.ImageWidth);
  const height = finite(tags.ImageHeight);
  const sized = width != null && height != null && width > 0 && height > 0;
  const turned = isTurned(tags, kind);
  const duration = kind === 'movie' ? finite(tags.Duration) : null;
  return {
    width: sized ? (turned ? height : width) : null,
    height: sized ? (turned ? width : height) : null,
    durationMs: duration != null && duration > 0 ? Math.round(duration * 1000) : null,
    takenAt: takenAtOf(tags, kind),
    make: text(tags.Make),
    model: text(tags.Model),
    iso: finite(tags.ISO),
    aperture: finite(tags.FNumber),
    exposure: exposure == null ? null : exposureText(exposure),
    focalLength: finite(tags.FocalLength),
    gps: latitude != null && longitude != null ? { latitude, longitude } : null,
  };
}

async function pictureMetadata(file: string): Promise<MediaMetadata> {
  const result = metadataFromTags(await readExifTags(file), 'picture');
  if (result.width != null) return result;
  // A picture ExifTool gives no size for: the decoder's header, which
  // also has none for a picture that does not decode (its thumbnail fails later; it is stored).
  const info = await (await loadSharp())(file, { failOn: 'none' })
    .metadata()
    .catch(() => null);
  if (info?.width && info.height) {
    const turned = (info.orientation ?? 1) >= 5;
    result.width = turned ? info.height : info.width;
    result.height = turned ? info.width : info.height;
  }
  return result;
}

function runFfmpeg(file: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      ffmpegLocation().path,
      ['-hide_banner', '-nostdin', '-i', file],
      { timeout: 15_000, maxBuffer: 4 * 1024 * 1024 },
      // ffmpeg exits 1 without an output file; the description it prints on stderr is what we want.
      (_error, _stdout, stderr) => resolve(String(stderr ?? '')),
    );
  });
}

/** Reads duration, size and creation time from `ffmpeg -i` output. */
export function parseFfmpegInfo(
  output: string,
): Pick<MediaMetadata, 'width' | 'height' | 'durationMs' | 'takenAt'> {
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(output);
  const durationMs = duration
    ? Math.round((Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000)
    : null;
  const video = /Stream #[^\n]*Video:[^\n]*?, (\d{2,5})x(\d{2,5})[\s,]/.exec(output);
  let width = video ? Number(video[1]) : null;
  let height = video ? Number(video[2]) : null;
  // Phones record portrait video as landscape with a rotation flag.
  const rotation = /rotate\s*:\s*(-?\d+)|rotation of (-?\d+(?:\.\d+)?) degrees/.exec(output);
  const degrees = rotation ? Math.abs(Number(rotation[1] ?? rotation[2])) % 180 : 0;
  if (degrees === 90 && width != null && height != null) [width, height] = [height, width];
  const created = /creation_time\s*:\s*(\S+)/.exec(output);
  const takenAt = created ? Date.parse(created[1] as string) : Number.NaN;
  return {
    width,
    height,
    durationMs: durationMs && durationMs > 0 ? durationMs : null,
    takenAt: Number.isFinite(takenAt) && takenAt > 0 ? takenAt : null,
  };
}

/** ExifTool's reading, with what `ffmpeg -i` says filling any size or duration it lacks. */
async function movieMetadata(file: string): Promise<MediaMetadata> {
  const result = metadataFromTags(await readExifTags(file), 'movie');
  if (result.width != null && result.durationMs != null && result.takenAt != null) return result;
  const probed = parseFfmpegInfo(await runFfmpeg(file));
  return {
    ...result,
    width: result.width ?? probed.width,
    height: result.width == null ? probed.height : result.height,
    durationMs: result.durationMs ?? probed.durationMs,
    takenAt: result.takenAt ?? probed.takenAt,
  };
}

/**
 * ExifTool and ffmpeg read files and seek (a movie's index may be at its end), so a sample is
 * written into a sparse file of the real size: the headers they read are real, the skipped middle
 * is a hole, and a 200 GiB movie costs a few MiB of disk and I/O.
 */
async function withSampleFile<T>(sample: ByteSample, read: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'nordlys-probe-'));
  const file = path.join(dir, `${randomUUID()}.bin`);
  try {
    const handle = await open(file, 'w');
    try {
      await handle.write(sample.head, 0, sample.head.length, 0);
      const tailStart = Math.max(sample.head.length, sample.size - sample.tail.length);
      const tail = sample.tail.subarray(sample.tail.length - (sample.size - tailStart));
      if (tail.length > 0) await handle.write(tail, 0, tail.length, tailStart);
      await handle.truncate(sample.size);
    } finally {
      await handle.close();
    }
    return await read(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Never throws: bytes that do not parse give empty metadata, and the file is stored regardless. */
export async function extractMetadata(kind: MediaKind, source: MetadataSource): Promise<MediaMetadata> {
  const read = kind === 'picture' ? pictureMetadata : kind === 'movie' ? movieMetadata : null;
  if (!read) return { ...EMPTY_METADATA };
  try {
    return await ('file' in source ? read(source.file) : withSampleFile(source, read));
  } catch {
    // unreadable metadata is not an upload failure
    return { ...EMPTY_METADATA };
  }
}
