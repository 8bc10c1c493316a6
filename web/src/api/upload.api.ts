import type {
  DedupReply,
  DedupRequest,
  FileRecord,
  TusUploadStatus,
  UploadConfig,
} from '@nordlys/contract/file';
import { accountInfoQuery } from './account.api';
import { apiRequest } from './client';

export type { DedupReply, FileRecord, TusUploadStatus, UploadConfig };

export interface SupportedExtensionsReply {
  pictures: string[];
  videos: string[];
}

/** The part of GET /account_info the uploader needs: the space check and the read-only flag. */
export interface UploadAccountInfo {
  used_space: number;
  max_space: number;
  is_read_only_user: boolean;
}

const jobPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`;

export const fetchSupportedExtensions = (signal?: AbortSignal) =>
  apiRequest<SupportedExtensionsReply>('/supported_extensions', { signal });

export const fetchUploadConfig = (signal?: AbortSignal) =>
  apiRequest<UploadConfig>('/upload_config', { signal });

export const fetchUploadAccountInfo = (signal?: AbortSignal) =>
  apiRequest<UploadAccountInfo>('/account_info', { signal, query: accountInfoQuery() });

/** Asks whether the server already has these bytes from this user; 'linked'/'exists' means done. */
export const requestFilesDedup = (jobId: string, body: DedupRequest, signal?: AbortSignal) =>
  apiRequest<DedupReply>(`${jobPath(jobId)}/files_dedup`, { method: 'POST', json: body, signal });

export const fetchFileRecord = (jobId: string, fileId: string, signal?: AbortSignal) =>
  apiRequest<FileRecord>(`${jobPath(jobId)}/files_by_id/${encodeURIComponent(fileId)}`, { signal });

/** How a resumable upload ended, for a client that lost the final answer. */
export const fetchTusUploadStatus = (tusId: string, signal?: AbortSignal) =>
  apiRequest<TusUploadStatus>(`/uploads/${encodeURIComponent(tusId)}`, { signal });
