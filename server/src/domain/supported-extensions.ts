import { PICTURE_EXTENSIONS, VIDEO_EXTENSIONS } from '@nordlys/contract/supported-extensions';

const pictures: ReadonlySet<string> = new Set(PICTURE_EXTENSIONS);
const videos: ReadonlySet<string> = new Set(VIDEO_EXTENSIONS);

export const isPictureExtension = (extension: string) => pictures.has(extension.toLowerCase());
export const isVideoExtension = (extension: string) => videos.has(extension.toLowerCase());

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  jfif: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
  webp: 'image/webp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  avif: 'image/avif',
  jxl: 'image/jxl',
  ico: 'image/x-icon',
  dng: 'image/x-adobe-dng',
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  mov: 'video/quicktime',
  qt: 'video/quicktime',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
  webm: 'video/webm',
  '3gp': 'video/3gpp',
  '3g2': 'video/3gpp2',
  mts: 'video/mp2t',
  m2ts: 'video/mp2t',
  ts: 'video/mp2t',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv',
  ogv: 'video/ogg',
  pdf: 'application/pdf',
  txt: 'text/plain',
};

/** The type stored with the bytes and sent when they are served; never trusted from the client. */
export function mimeOf(extension: string): string {
  const known = MIME_BY_EXTENSION[extension.toLowerCase()];
  if (known) return known;
  if (isPictureExtension(extension)) return 'image/x-raw';
  return 'application/octet-stream';
}
