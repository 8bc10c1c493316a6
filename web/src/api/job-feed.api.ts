import {
  type ChangesAndUploadStatus,
  POLL_WITH_CHANGES,
  type PollReply,
  pollPath,
} from '@nordlys/contract/job-changes';
import type { JobChange, JobChanges } from '@nordlys/contract/timeline';
import { apiRequest } from './client';
import { resolveHost } from './service-hosts';

export type { JobChange, JobChanges };

/**
 * The long poll on the job's poll host (the page's origin when the directory names none); an ok
 * answer brings the changes after `seq`.
 */
export function fetchPoll(
  jobId: string,
  seq: number,
  signal: AbortSignal,
  headers?: Record<string, string>,
): Promise<PollReply> {
  const host = resolveHost('pollHost', jobId) || globalThis.location.origin;
  return apiRequest<PollReply>(`${host}${pollPath(jobId)}`, {
    query: { seq, [POLL_WITH_CHANGES]: 1 },
    signal,
    headers,
  });
}

/** The job's changes after `since`, oldest first (core.md §4). */
export const fetchChanges = (
  jobId: string,
  since: number,
  options: { signal?: AbortSignal; headers?: Record<string, string> } = {},
) =>
  apiRequest<JobChanges>(`/jobs/${encodeURIComponent(jobId)}/changes`, {
    query: { since },
    signal: options.signal,
    headers: options.headers,
  });

/**
 * The job's changes after `since` and the caller's files in it still being processed (core.md §7).
 * A `since` past the job's serial answers no changes: the status alone.
 */
export const fetchChangesAndUploadStatus = (jobId: string, since: number, signal?: AbortSignal) =>
  apiRequest<ChangesAndUploadStatus>(`/jobs/${encodeURIComponent(jobId)}/changes_and_async_upload_status`, {
    query: { since },
    signal,
  });
