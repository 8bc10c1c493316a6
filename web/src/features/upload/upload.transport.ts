import type { DedupReply, DedupRequest, FileRecord } from '@nordlys/contract/file';
import { ApiError, isAbortError, NetworkError } from '../../api/errors';
import type { SupportedExtensions } from './upload-checks';

/**
 * Everything the uploader engine needs from the outside world. The real one (http-upload.transport.ts)
 * speaks XHR, tus and fetch; tests drive the engine with a fake.
 */
export interface UploadTransport {
  /** Extensions, size limit, free space and the read-only flag, for the checks before a batch. */
  fetchCheckContext(): Promise<UploadCheckContext>;
  hash(file: File, signal: AbortSignal): Promise<string>;
  dedup(jobId: string, request: DedupRequest, signal: AbortSignal): Promise<DedupReply>;
  /** True when this size goes through the resumable (tus) path, which can pause without losing bytes. */
  isResumable(size: number): boolean;
  upload(request: TransportUpload): Promise<FileRecord>;
  /** 'done' once thumbnails (pictures) or the encoded video (movies) exist, or failed for good. */
  processingState(record: FileRecord): Promise<'done' | 'pending'>;
  /** POST /jobs for a pending album's first upload; answers the new album's id. */
  createAlbum(album: { name: string; isShared: boolean }): Promise<string>;
}

export interface UploadCheckContext {
  extensions: SupportedExtensions;
  maxFileSize: number;
  remainingSpace: number | null;
  readOnly: boolean;
}

export interface TransportUpload {
  jobId: string;
  path: string;
  file: File;
  mtime: number;
  /** Capture time in epoch ms when the bytes do not carry the right one (an edited copy keeps its original's). */
  takenAt?: number;
  checksum: string;
  signal: AbortSignal;
  /** Fraction 0..1 of the bytes the server has. */
  onProgress(fraction: number): void;
  /** A resumable upload found part of the file on the server already. */
  onResumed(fraction: number): void;
}

export type UploadFailureKind = 'network' | 'noStorage' | 'tooLarge' | 'jobDeleted' | 'aborted' | 'unknown';

/** An upload answer the engine must turn into a state change. */
export class UploadFailure extends Error {
  override readonly name = 'UploadFailure';
  constructor(
    readonly kind: UploadFailureKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export const JOB_DELETED_REASON = 'Job has been deleted';

/** core.md §8: 413 means out of storage unless the server says the single file is too large. */
export function failureFromAnswer(status: number, reason: string | undefined): UploadFailure {
  const text = reason ?? '';
  if (text.includes(JOB_DELETED_REASON)) return new UploadFailure('jobDeleted', text, status);
  if (status === 413) {
    return /TooLargeFile/i.test(text)
      ? new UploadFailure('tooLarge', text, status)
      : new UploadFailure('noStorage', text || 'Out of storage', status);
  }
  if (status === 410) return new UploadFailure('jobDeleted', text || JOB_DELETED_REASON, status);
  if (status === 0) return new UploadFailure('network', text || 'No answer', status);
  return new UploadFailure('unknown', text || `HTTP ${status}`, status);
}

/** Any error from a transport call, as a failure kind. */
export function classifyFailure(error: unknown): UploadFailure {
  if (error instanceof UploadFailure) return error;
  if (isAbortError(error)) return new UploadFailure('aborted', 'aborted');
  if (error instanceof NetworkError) return new UploadFailure('network', error.message);
  if (error instanceof ApiError) return failureFromAnswer(error.status, error.reason);
  return new UploadFailure('unknown', error instanceof Error ? error.message : String(error));
}
