import { rgbaToThumbHash } from 'thumbhash';
import { loadSharp } from './sharp-loader';

/** ThumbHash works on at most 100x100 pixels; larger inputs are an error in the library. */
const MAX_SIDE = 100;

/**
 * A ThumbHash (base64) of an image the caller has already decoded and oriented, as raw pixels.
 * Rendering from a small thumbnail rather than the original keeps this a few milliseconds.
 */
export async function thumbhashOf(raw: Buffer, info: { width: number; height: number; channels: number }) {
  const sharp = await loadSharp();
  const { data, info: small } = await sharp(raw, {
    raw: { width: info.width, height: info.height, channels: info.channels as 1 | 2 | 3 | 4 },
  })
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(small.width, small.height, data)).toString('base64');
}
