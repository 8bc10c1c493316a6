import { type ChangesAndUploadStatus, type PollReply, pollPath } from '@nordlys/contract/job-changes';
import type { JobChange, JobChanges } from '@nordlys/contract/timeline';
import { apiRequest } from './client';
import { resolveHost } from './service-hosts';

export type { JobChange, JobChanges };

/**
 * The app's live change feed (the job syncer) as views receive it: while a view of `jobId` is
 * shown, `lookup` runs whenever the job's serial passes the one the view has applied.
 */
export type ChangeFeedHook = (
  jobId: string | null,
  seq: number | null,
  lookup: (signal: AbortSignal) => Promise<{ applied: number; serial: number }>,
  headers?: Record<string, string>,
) => void;

/** The long poll on the job's poll host (the page's origin when the directory names none). */
export function fetchPoll(
  jobId: string,
  seq: number,
  signal: AbortSignal,
  headers?: Record<string, string>,
): Promise<PollReply> {
  const host = resolveHost('pollHost', jobId) || globalThis.location.origin;
  return apiRequest<PollReply>(`${host}${pollPath(jobId)}`, { query: { seq }, signal, headers });
}

/**
 * The job's changes after `since` and the caller's files in it still being processed (core.md §7).
 * A `since` past the job's serial answers no changes: the status alone.
 */
export const fetchChangesAndUploadStatus = (jobId: string, since: number, signal?: AbortSignal) =>
  apiRequest<ChangesAndUploadStatus>(`/jobs/${encodeURIComponent(jobId)}/changes_and_async_upload_status`, {
    query: { since },
    signal,
  });
