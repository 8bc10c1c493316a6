import type { FileType } from '@nordlys/contract/file';
import { isPictureExtension, isVideoExtension } from './supported-extensions';

export type MediaKind = 'picture' | 'movie' | 'document';

/** How the bytes are processed: pictures get thumbnails, movies also an encode, documents neither. */
export function mediaKindOf(extension: string, durationMs: number | null): MediaKind {
  if (durationMs != null && durationMs > 0) return 'movie';
  if (isVideoExtension(extension)) return 'movie';
  if (isPictureExtension(extension)) return 'picture';
  return 'document';
}

/** core.md §3: type comes from the duration, else from the extension. */
export function fileTypeOf(extension: string, durationMs: number | null): FileType {
  const kind = mediaKindOf(extension, durationMs);
  return kind === 'movie' ? 'Movies' : kind === 'picture' ? 'Pictures' : 'Documents';
}

/** core.md §3: a screenshot is a file whose name starts with screenshot_. */
export function isScreenshotName(fileName: string): boolean {
  return fileName.toLowerCase().startsWith('screenshot_');
}

/** Epoch seconds or milliseconds in; milliseconds out. Below 1e11 is taken as seconds (until year 5138). */
export function toEpochMs(value: number): number {
  return value < 1e11 ? Math.round(value * 1000) : Math.round(value);
}
