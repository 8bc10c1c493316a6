import { ALBUM_PASSWORD_HEADER } from '@nordlys/contract/album';
import type { FileRecord, TimelineJob } from '@nordlys/contract/file';
import {
  BULK_CHUNK,
  type BulkFileResults,
  type CopyFilesReply,
  type EmptyTrashReply,
  type JobChanges,
  LAST_EVENT_SERIAL_HEADER,
  type RecentCounts,
  type TimelineFiles,
  type TimelineFilter,
  type TimelineMonths,
  type TimelineStats,
  TOTAL_ITEMS_HEADER,
} from '@nordlys/contract/timeline';
import { expandTiles, type TimelineFile, type TimelineTiles } from '@nordlys/contract/timeline-tiles';
import { type ApiRequestInit, apiRequest } from './client';

/** The types the timeline grid shows; documents live on the documents page. */
export const TIMELINE_TYPES = 'Pictures,Movies';

const job = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`;

export const fetchDefaultJob = (signal?: AbortSignal) => apiRequest<TimelineJob>('/jobs/default', { signal });

/** The months with the serial they were read at (where an empty timeline's change feed starts). */
export async function fetchMonths(
  jobId: string,
  filter: TimelineFilter,
  signal?: AbortSignal,
): Promise<TimelineMonths & { lastEventSerial: number | null }> {
  const { body, lastEventSerial } = await readWithHeaders<TimelineMonths>(
    `${job(jobId)}/timeline/months`,
    { filter },
    signal,
  );
  return { ...body, lastEventSerial };
}

export interface FilesWindow {
  files: FileRecord[];
  lastEventSerial: number | null;
  totalItems: number | null;
}

export type TilesWindow = Omit<FilesWindow, 'files'> & { files: TimelineFile[] };

export interface FilesQuery {
  /** Epoch seconds, inclusive. */
  start?: number;
  end?: number;
  uploadedSince?: number;
  types?: string;
  limit?: number;
  offset?: number;
  /** A password album's transformed password, for a reader who is not a member. */
  password?: string | null;
}

/** A numeric response header (X-Total-Items, X-Last-Event-Serial), null when absent or not a number. */
export const numberHeader = (response: Response, name: string): number | null => {
  const value = response.headers.get(name);
  const parsed = value === null ? Number.NaN : Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};

/** A GET whose reply headers say which serial it was read at and how many items there are. */
async function readWithHeaders<T>(
  path: string,
  query: ApiRequestInit['query'],
  signal?: AbortSignal,
  headers?: Record<string, string>,
): Promise<{ body: T; lastEventSerial: number | null; totalItems: number | null }> {
  const response = await apiRequest<Response>(path, { query, signal, headers, responseType: 'response' });
  return {
    body: (await response.json()) as T,
    lastEventSerial: numberHeader(response, LAST_EVENT_SERIAL_HEADER),
    totalItems: numberHeader(response, TOTAL_ITEMS_HEADER),
  };
}

const fetchWindow = <T>(jobId: string, path: string, query: FilesQuery, signal?: AbortSignal) =>
  readWithHeaders<T>(
    `${job(jobId)}${path}`,
    {
      start: query.start,
      end: query.end,
      uploaded_since: query.uploadedSince,
      types: query.types ?? TIMELINE_TYPES,
      limit: query.limit,
      offset: query.offset,
    },
    signal,
    query.password ? { [ALBUM_PASSWORD_HEADER]: query.password } : undefined,
  );

/** One window of the job's files, newest first, with the serial it was read at. */
export async function fetchFiles(
  jobId: string,
  query: FilesQuery,
  signal?: AbortSignal,
): Promise<FilesWindow> {
  const { body, ...headers } = await fetchWindow<TimelineFiles>(jobId, '/files', query, signal);
  return { files: body.files, ...headers };
}

/** The same window as fetchFiles with what the grid shows only: a month at a tenth of the bytes. */
export async function fetchTiles(
  jobId: string,
  query: FilesQuery,
  signal?: AbortSignal,
): Promise<TilesWindow> {
  const { body, ...headers } = await fetchWindow<TimelineTiles>(jobId, '/timeline/tiles', query, signal);
  return { files: expandTiles(body), ...headers };
}

const EVERY_FILE_PAGE = 1000;
// A job's files can carry any capture time, a device clock's future included.
const ALL_TIME_END = 32503680000;

/**
 * Every picture and movie of a job (an album, or the timeline for takeout), newest first, paged,
 * with the change serial they were read at (the first page's X-Last-Event-Serial).
 */
export async function fetchEveryFile(
  jobId: string,
  password?: string | null,
  signal?: AbortSignal,
): Promise<{ files: FileRecord[]; serial: number | null }> {
  const files: FileRecord[] = [];
  let serial: number | null = null;
  for (let offset = 0; ; offset += EVERY_FILE_PAGE) {
    const page = await fetchFiles(
      jobId,
      { start: 0, end: ALL_TIME_END, types: TIMELINE_TYPES, limit: EVERY_FILE_PAGE, offset, password },
      signal,
    );
    if (offset === 0) serial = page.lastEventSerial;
    files.push(...page.files);
    if (page.files.length < EVERY_FILE_PAGE || files.length >= (page.totalItems ?? files.length))
      return { files, serial };
  }
}

export const fetchRecents = (jobId: string, signal?: AbortSignal) =>
  apiRequest<RecentCounts>(`${job(jobId)}/recents`, { signal });

export const fetchStats = (jobId: string, signal?: AbortSignal) =>
  apiRequest<TimelineStats>(`${job(jobId)}/stats`, { signal });

export const fetchChanges = (jobId: string, since: number, signal?: AbortSignal) =>
  apiRequest<JobChanges>(`${job(jobId)}/changes`, { query: { since }, signal });

export function chunk<T>(items: readonly T[], size: number = BULK_CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** Moves files to the trash; callers chunk by BULK_CHUNK. */
export const deleteFiles = (jobId: string, fileIds: readonly string[]) =>
  apiRequest<BulkFileResults>(`${job(jobId)}/delete_files`, { json: { file_uuids: fileIds } });

/** Restores trashed files (Undo, trash restore); callers chunk by BULK_CHUNK. */
export const restoreFiles = (fileIds: readonly string[]) =>
  apiRequest<BulkFileResults>('/trash_can/restore', { json: { file_uuids: fileIds } });

/** The Undo of a deletion just made in the job (multi_rollback); callers chunk by BULK_CHUNK. */
export const rollbackFiles = (jobId: string, fileIds: readonly string[]) =>
  apiRequest<BulkFileResults>(`${job(jobId)}/multi_rollback`, { json: { file_uuids: fileIds } });

export const emptyTrash = (fileIds: readonly string[]) =>
  apiRequest<EmptyTrashReply>('/empty_trash_can', { json: { fileid: fileIds } });

export const copyFilesToTimeline = (fileIds: readonly string[]) =>
  apiRequest<CopyFilesReply>('/jobs/default/copy_files', {
    method: 'POST',
    body: fileIds.join('\n'),
    headers: { 'Content-Type': 'text/plain' },
  });
