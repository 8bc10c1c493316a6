import type { ThumbArea } from './media-urls';

/**
 * Thumbnails are WebP: in a grid of hundreds of tiles the bytes on the wire dominate, and WebP is
 * about a third smaller than JPEG at the same look, decoded by every browser the client supports.
 */
export const THUMB_FORMAT = { ext: 'webp', mime: 'image/webp' } as const;

/**
 * Everything made from a content lives under its hash, so a purge and the orphan sweep find all
 * of it by listing one prefix.
 */
export const derivedPrefix = (sha256: string) => `derived/${sha256}/`;

export const thumbKey = (sha256: string, area: ThumbArea) =>
  `${derivedPrefix(sha256)}thumb-${area}.${THUMB_FORMAT.ext}`;
/** A movie's poster frame: its thumbnails' source, and its `to_jpeg` rendering. */
export const posterKey = (sha256: string) => `${derivedPrefix(sha256)}poster.jpg`;
/** The web encode (H.264/AAC MP4). */
export const videoKey = (sha256: string) => `${derivedPrefix(sha256)}video.mp4`;
/** A picture's `to_jpeg` rendering, made on first request. */
export const previewJpegKey = (sha256: string) => `${derivedPrefix(sha256)}preview.jpg`;
