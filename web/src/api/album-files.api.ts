import type { Album, CreateAlbumRequest } from '@nordlys/contract/album';
import type { CopyFilesReply } from '@nordlys/contract/timeline';
import { apiRequest } from './client';

export interface NewAlbum {
  name: string;
  isShared: boolean;
}

const jobPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`;

/** POST /jobs (core.md §7): a story; allow comments and uploads default to true (§5). */
export function createAlbum(album: NewAlbum): Promise<Album> {
  const body: CreateAlbumRequest = {
    type: 'story',
    name: album.name,
    public: album.isShared ? 1 : 0,
    allow_sharing: album.isShared ? 1 : 0,
    allow_comments: 1,
    allow_uploads: 1,
  };
  return apiRequest<Album>('/jobs', { method: 'POST', json: body });
}

const idsBody = (fileIds: readonly string[]) => ({
  method: 'POST',
  body: fileIds.join('\n'),
  headers: { 'Content-Type': 'text/plain' },
});

/** POST /jobs/{albumId}/keep-files: copies the chosen album files into the caller's timeline. */
export const keepAlbumFiles = (albumId: string, fileIds: readonly string[]) =>
  apiRequest<CopyFilesReply>(`${jobPath(albumId)}/keep-files`, idsBody(fileIds));

/** POST /jobs/{albumId}/keep-all-files: copies the whole album into the caller's timeline. */
export const keepAllAlbumFiles = (albumId: string) =>
  apiRequest<CopyFilesReply>(`${jobPath(albumId)}/keep-all-files`, { method: 'POST' });
