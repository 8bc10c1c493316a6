import type { ArchiveLink, ArchiveRequest } from '@nordlys/contract/archive';
import { apiRequest } from './client';

/** A short-lived signed link to a job's archive, followed by a plain browser download. */
export const archiveLink = (jobId: string, request: ArchiveRequest) =>
  apiRequest<ArchiveLink>(`/jobs/${encodeURIComponent(jobId)}/files_as_archive/link`, { json: request });
