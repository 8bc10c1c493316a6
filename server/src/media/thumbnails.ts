import { open, readFile } from 'node:fs/promises';
import type { Metadata, ResizeOptions, Sharp } from 'sharp';
import { heicToSharp, isHevcHeif } from './heic';
import { loadSharp } from './sharp-loader';
import { thumbhashOf } from './thumbhash';

/**
 * WebP (THUMB_FORMAT) costs more CPU to encode than JPEG, but it is paid once per content in the
 * background; effort 2 keeps most of the size gain at a fraction of the default effort's time.
 */
const WEBP = { quality: 80, effort: 2 } as const;

/**
 * Pictures are decoded in memory (libheif and an S3 read want the whole file, and the decoded
 * pixels are larger still); anything larger than this is not a photo a browser could show either,
 * so it gets the failed-thumbnail placeholder rather than a worker holding gigabytes.
 */
export const MAX_PICTURE_BYTES = 512 * 1024 * 1024;

/** Large: fits inside 1280x1280. */
const LARGE_BOX = 1280;
/**
 * Small: the SHORT edge is 256, so the grid's square crop of it is still 256 px of real detail
 * (a 4:3 photo becomes 341x256, a panorama keeps its width). Never enlarged.
 */
const SMALL_SHORT_EDGE = 256;
/**
 * Tile: the same rule at 512, for the grid's 180 px cells on screens of density 1.5 to 2.8, where
 * the small one would be upscaled and the large one costs about twice the bytes and more decode.
 */
const TILE_SHORT_EDGE = 512;

/** A resize to `edge` on the short side, never enlarged. */
const shortEdge = (edge: number) =>
  ({ width: edge, height: edge, fit: 'outside', withoutEnlargement: true }) as const;

export interface Thumbnail {
  data: Buffer;
  width: number;
  height: number;
}

export interface ThumbnailSet {
  small: Thumbnail;
  tile: Thumbnail;
  large: Thumbnail;
  thumbhash: string;
  /** The picture's displayed size (EXIF orientation applied). */
  width: number;
  height: number;
}

/** The input is not a picture we can decode: retrying will not help. */
export class UndecodableImageError extends Error {
  override readonly name = 'UndecodableImageError';
}

/**
 * A picture's bytes, or the file holding them: libvips reads a file itself, so a picture kept in
 * the folder store is decoded without its megabytes passing through JavaScript buffers (whose
 * churn makes the server's garbage collector run while uploads stream in).
 */
export type PictureSource = Buffer | { file: string };

/** Enough of a file's start for the ftyp box that tells HEVC HEIC apart. */
const SNIFF_BYTES = 512;

/** A file's first bytes (fewer if it is shorter). */
async function fileStart(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

type DecoderInput = { heif: Buffer } | { vips: Buffer | string };

/**
 * What the decoder reads: HEVC HEIC goes to libheif as bytes, anything else to libvips (a file as
 * its path). Files are read here, before decoding: a missing or unreadable file is not a bad
 * picture.
 */
async function decoderInput(picture: PictureSource): Promise<DecoderInput> {
  if (Buffer.isBuffer(picture)) return isHevcHeif(picture) ? { heif: picture } : { vips: picture };
  if (!isHevcHeif(await fileStart(picture.file))) return { vips: picture.file };
  return { heif: await readFile(picture.file) };
}

/**
 * A sharp pipeline over any picture we accept: HEVC HEIC through libheif, everything else
 * through libvips. `failOn: 'error'` lets slightly damaged files (a missing end marker, as some
 * cameras write) still render, while bytes that are not an image at all fail.
 */
async function openPicture(input: DecoderInput): Promise<Sharp> {
  return 'heif' in input ? heicToSharp(input.heif) : (await loadSharp())(input.vips, { failOn: 'error' });
}

/** Displayed size: EXIF orientations 5-8 swap width and height. */
function orientedSize(meta: Metadata): { width: number; height: number } {
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  return (meta.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * Every thumbnail and the ThumbHash from ONE decode: the picture is decoded (JPEG shrink-on-load
 * does most of the work) and oriented to the smallest size all thumbnails can be cut from, and
 * each output is resized from those pixels.
 */
export async function makeThumbnails(picture: PictureSource): Promise<ThumbnailSet> {
  const input = await decoderInput(picture);
  try {
    const source = await openPicture(input);
    const { width, height } = orientedSize(await source.metadata());
    if (!width || !height) throw new UndecodableImageError('picture has no size');

    const largeScale = Math.min(1, LARGE_BOX / Math.max(width, height));
    const tileScale = Math.min(1, TILE_SHORT_EDGE / Math.min(width, height));
    const scale = Math.max(largeScale, tileScale);
    const working = await source
      .rotate()
      .resize({
        width: Math.max(1, Math.round(width * scale)),
        height: Math.max(1, Math.round(height * scale)),
        fit: 'fill',
      })
      .raw()
      .toBuffer({ resolveWithObject: true });

    const sharp = await loadSharp();
    const thumbnail = async (resize: ResizeOptions): Promise<Thumbnail> => {
      const { data, info } = await sharp(working.data, { raw: working.info })
        .resize(resize)
        .webp(WEBP)
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    };
    const [large, tile, small] = await Promise.all([
      thumbnail({ width: LARGE_BOX, height: LARGE_BOX, fit: 'inside', withoutEnlargement: true }),
      thumbnail(shortEdge(TILE_SHORT_EDGE)),
      thumbnail(shortEdge(SMALL_SHORT_EDGE)),
    ]);
    const thumbhash = await thumbhashOf(working.data, working.info);
    return { large, tile, small, thumbhash, width, height };
  } catch (error) {
    if (error instanceof UndecodableImageError) throw error;
    // sharp and libheif report bad input as plain Errors; anything thrown while decoding
    // in-memory bytes is a property of the bytes, not of the machine.
    throw new UndecodableImageError(String((error as Error)?.message ?? error));
  }
}

/**
 * The tile cut from a large thumbnail, for contents thumbnailed before tiles were made: a few
 * milliseconds on a 1280 px WebP, where decoding the original again would cost a camera photo's.
 * A panorama's large thumbnail is less than 512 px high, so its tile is no sharper than it.
 */
export async function tileFromLarge(large: Buffer): Promise<Buffer> {
  try {
    return await (await loadSharp())(large).resize(shortEdge(TILE_SHORT_EDGE)).webp(WEBP).toBuffer();
  } catch (error) {
    throw new UndecodableImageError(String((error as Error)?.message ?? error));
  }
}

/** A full-size upright JPEG of any picture we accept (the `to_jpeg` rendering). */
export async function pictureToJpeg(bytes: Buffer): Promise<Buffer> {
  try {
    return await (await openPicture(await decoderInput(bytes))).rotate().jpeg({ quality: 90 }).toBuffer();
  } catch (error) {
    throw new UndecodableImageError(String((error as Error)?.message ?? error));
  }
}
