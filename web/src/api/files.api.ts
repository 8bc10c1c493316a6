import type { EncodingStatus, FileMetadata, FileRecord } from '@nordlys/contract/file';
import { apiRequest } from './client';
import { fetchFiles } from './timeline.api';

export type { EncodingStatus, FileMetadata, FileRecord };

/** The timeline job's id as the API accepts it in paths. */
export const DEFAULT_JOB = 'default';

const jobPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`;

/** GET /jobs/{id}/files_by_id/{fileId}: one file with fresh signed URLs. */
export const fetchFile = (jobId: string, fileId: string, signal?: AbortSignal) =>
  apiRequest<FileRecord>(`${jobPath(jobId)}/files_by_id/${encodeURIComponent(fileId)}`, { signal });

/** The movie's encoding state only (`?sub=v-check`), cheap enough to poll every second. */
export const fetchEncodingStatus = async (jobId: string, fileId: string, signal?: AbortSignal) =>
  (
    await apiRequest<{ encodingStatus: EncodingStatus }>(
      `${jobPath(jobId)}/files_by_id/${encodeURIComponent(fileId)}`,
      { query: { sub: 'v-check' }, signal },
    )
  ).encodingStatus;

/** GET /jobs/{id}/metadata/{path}: camera facts of the file at that path. */
export const fetchFileMetadata = (jobId: string, path: string, signal?: AbortSignal) =>
  apiRequest<FileMetadata>(`${jobPath(jobId)}/metadata/${encodeURIComponent(path)}`, { signal });

export const DOCUMENTS_PAGE_SIZE = 1000;
// "All time" reaches a little into the future: a document keeps its device's mtime, which can run ahead.
const FUTURE_SLACK_S = 366 * 24 * 3600;

/** Every document of the job, all time, newest first, fetched page by page. */
export async function fetchAllDocuments(
  jobId: string,
  nowMs: number,
  signal?: AbortSignal,
  pageSize = DOCUMENTS_PAGE_SIZE,
): Promise<FileRecord[]> {
  const end = Math.floor(nowMs / 1000) + FUTURE_SLACK_S;
  const files: FileRecord[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await fetchFiles(
      jobId,
      { start: 0, end, types: 'Documents', limit: pageSize, offset },
      signal,
    );
    files.push(...page.files);
    const total = page.totalItems ?? files.length;
    if (page.files.length < pageSize || files.length >= total) return files;
  }
}

/** POST /jobs/{id}/cover: makes the file the album's cover photo. */
export const setAlbumCover = (albumId: string, fileId: string) =>
  apiRequest<unknown>(`${jobPath(albumId)}/cover`, { method: 'POST', json: { id: fileId } });
