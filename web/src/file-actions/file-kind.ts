import type { FileActionFile } from './file-action.types';

/** core.md §3: a file is a movie when it has a duration, else its type decides. */
export const isMovieFile = (file: FileActionFile): boolean =>
  file.duration > 0 || file.file_type === 'Movies';

export const isPictureFile = (file: FileActionFile): boolean =>
  !isMovieFile(file) && (file.file_type === undefined || file.file_type === 'Pictures');

export const isHeicFile = (file: FileActionFile): boolean => /\.(heic|heif)$/i.test(file.fileName);

/** 'IMG_1.HEIC' -> 'IMG_1.jpg' */
export const jpegName = (fileName: string): string => `${fileName.replace(/\.[^.]*$/, '') || fileName}.jpg`;

/** The preview URL asking the server for a JPEG rendering (to_jpeg is not part of the signature). */
export function toJpegUrl(previewURL: string): string {
  const url = new URL(previewURL, globalThis.location?.href ?? 'http://localhost');
  url.searchParams.set('to_jpeg', '1');
  return /^https?:\/\//i.test(previewURL) ? url.href : `${url.pathname}${url.search}`;
}
