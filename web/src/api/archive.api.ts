import type { ArchiveLink, ArchiveRequest } from '@nordlys/contract/archive';
import { type AlbumAccess, accessHeaders } from './albums.api';
import { apiRequest } from './client';

/**
 * A short-lived signed link to a job's archive, followed by a plain browser download. An album
 * visitor's password goes along, as with every read of the album.
 */
export const archiveLink = (jobId: string, request: ArchiveRequest, access?: AlbumAccess) =>
  apiRequest<ArchiveLink>(`/jobs/${encodeURIComponent(jobId)}/files_as_archive/link`, {
    json: request,
    headers: accessHeaders(access),
  });
