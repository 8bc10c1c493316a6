import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BlobStore } from '../blobs/blob-store';
import type { MediaKind } from '../domain/file-type';
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
 * (exifr, libvips and ffmpeg each read only the parts they need, and no bytes pass through
 * JavaScript), else a sample read back from the stored blob. Keeping a sample as the bytes
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

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().replace(/\0+$/, '') : null;

/** "2023:07:14 18:32:05" with "+02:00" → epoch ms. Without an offset the wall-clock time is read as UTC. */
export function parseExifDate(value: unknown, offset: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  let ms = Date.UTC(y as number, (mo as number) - 1, d, h, mi, s);
  const off = typeof offset === 'string' ? /^([+-])(\d{2}):?(\d{2})$/.exec(offset.trim()) : null;
  if (off) ms -= (off[1] === '-' ? -1 : 1) * (Number(off[2]) * 60 + Number(off[3])) * 60_000;
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

async function pictureMetadata(source: MetadataSource): Promise<MediaMetadata> {
  const result: MediaMetadata = { ...EMPTY_METADATA };
  const input = 'file' in source ? source.file : source.head;
  // Loaded with the first picture, like sharp: nothing at start.
  const { default: exifr } = await import('exifr');
  const exif = await exifr
    .parse(input, { tiff: true, exif: true, gps: true, reviveValues: false, translateValues: false })
    .catch(() => undefined);
  if (exif) {
    result.make = text(exif.Make);
    result.model = text(exif.Model);
    result.iso = finite(Array.isArray(exif.ISO) ? exif.ISO[0] : exif.ISO);
    result.aperture = finite(exif.FNumber);
    const exposure = finite(exif.ExposureTime);
    result.exposure = exposure == null ? null : exposureText(exposure);
    result.focalLength = finite(exif.FocalLength);
    result.takenAt =
      parseExifDate(exif.DateTimeOriginal, exif.OffsetTimeOriginal) ??
      parseExifDate(exif.CreateDate, exif.OffsetTimeDigitized) ??
      parseExifDate(exif.DateTime, exif.OffsetTime);
    const latitude = finite(exif.latitude);
    const longitude = finite(exif.longitude);
    if (latitude != null && longitude != null) result.gps = { latitude, longitude };
  }
  // Image headers sit at the start, so the head is enough for the dimensions; a picture that does
  // not decode simply has none (its thumbnail fails later, it is still stored).
  const info = await (await loadSharp())(input, { failOn: 'none' })
    .metadata()
    .catch(() => null);
  if (info?.width && info.height) {
    // Orientations 5-8 turn the picture a quarter: the displayed size is the stored one swapped.
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

async function movieMetadata(source: MetadataSource): Promise<MediaMetadata> {
  const output = 'file' in source ? await runFfmpeg(source.file) : await probeSample(source);
  return { ...EMPTY_METADATA, ...parseFfmpegInfo(output) };
}

/**
 * ffmpeg needs to seek (the moov atom may be at the end), so the head and tail are written into
 * a sparse file of the real size: the headers ffmpeg reads are real, the skipped middle is a
 * hole, and a 200 GiB movie costs a few MiB of disk and I/O.
 */
async function probeSample(sample: ByteSample): Promise<string> {
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
    return await runFfmpeg(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Never throws: bytes that do not parse give empty metadata, and the file is stored regardless. */
export async function extractMetadata(kind: MediaKind, source: MetadataSource): Promise<MediaMetadata> {
  try {
    if (kind === 'picture') return await pictureMetadata(source);
    if (kind === 'movie') return await movieMetadata(source);
  } catch {
    // fall through: unreadable metadata is not an upload failure
  }
  return { ...EMPTY_METADATA };
}
