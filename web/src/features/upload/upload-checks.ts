import type { RejectReason } from './upload-queue.slice';

/** core.md §9: the largest single file. */
export const MAX_FILE_SIZE = 200 * 1024 ** 3;

export interface SupportedExtensions {
  pictures: readonly string[];
  videos: readonly string[];
}

export interface UploadCandidate {
  id: string;
  name: string;
  size: number;
  /** False when the first byte cannot be read: a folder handed over as a file, or a file gone since. */
  readable: boolean;
}

export interface CheckContext {
  extensions: SupportedExtensions;
  maxFileSize?: number;
  /** max_space - used_space; null when unknown (the server still enforces the quota). */
  remainingSpace: number | null;
}

export interface CheckOutcome {
  accepted: string[];
  rejected: { id: string; reason: RejectReason }[];
  /** Files that passed alone but together do not fit: the whole batch is rejected, out-of-space fires. */
  overSpace: string[];
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export type MediaKind = 'picture' | 'movie' | null;

export function mediaKindOf(name: string, extensions: SupportedExtensions): MediaKind {
  const extension = extensionOf(name);
  if (!extension) return null;
  if (extensions.pictures.includes(extension)) return 'picture';
  if (extensions.videos.includes(extension)) return 'movie';
  return null;
}

/** One file's checks, in the spec's order (core.md §5): readable, picture or movie, size. */
export function checkFile(candidate: UploadCandidate, context: CheckContext): RejectReason | null {
  if (!candidate.readable) return 'FileIsFolder';
  if (mediaKindOf(candidate.name, context.extensions) === null) return 'UnSupported';
  if (candidate.size > (context.maxFileSize ?? MAX_FILE_SIZE)) return 'TooLargeFile';
  return null;
}

/** The per-file checks, then the batch against the remaining space. */
export function checkBatch(candidates: readonly UploadCandidate[], context: CheckContext): CheckOutcome {
  const accepted: string[] = [];
  const rejected: CheckOutcome['rejected'] = [];
  let total = 0;
  for (const candidate of candidates) {
    const reason = checkFile(candidate, context);
    if (reason) {
      rejected.push({ id: candidate.id, reason });
    } else {
      accepted.push(candidate.id);
      total += candidate.size;
    }
  }
  const overSpace = context.remainingSpace !== null && total > context.remainingSpace;
  return overSpace ? { accepted: [], rejected, overSpace: accepted } : { accepted, rejected, overSpace: [] };
}
