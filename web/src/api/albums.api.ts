import {
  ALBUM_PASSWORD_HEADER,
  type Album,
  type AlbumFileSort,
  type AlbumList,
  type AlbumUser,
  type AlbumUsers,
  type PrivacyModeChange,
} from '@nordlys/contract/album';
import type { FileRecord } from '@nordlys/contract/file';
import type { PublishRequest } from '@nordlys/contract/share';
import { apiRequest } from './client';
import { fetchEveryFile } from './timeline.api';

export type { Album, AlbumUser };

/** A password album's password, already transformed (core.md §5), sent with every read of it. */
export interface AlbumAccess {
  password?: string | null;
}

const jobPath = (albumId: string) => `/jobs/${encodeURIComponent(albumId)}`;
export const accessHeaders = (access: AlbumAccess = {}): Record<string, string> =>
  access.password ? { [ALBUM_PASSWORD_HEADER]: access.password } : {};

/** GET /jobs?stories=1&include_details=1: the caller's albums, own and joined. */
export async function fetchAlbums(signal?: AbortSignal): Promise<Album[]> {
  const reply = await apiRequest<AlbumList>('/jobs', { query: { stories: 1, include_details: 1 }, signal });
  return reply.jobs;
}

/** GET /jobs/{id}: one album with the caller's rights in it. */
export const fetchAlbum = (albumId: string, access?: AlbumAccess, signal?: AbortSignal) =>
  apiRequest<Album>(jobPath(albumId), { headers: accessHeaders(access), signal });

/** GET /jobs/{id}/users?include_profile_url=1: owner and participants. */
export async function fetchAlbumUsers(
  albumId: string,
  access?: AlbumAccess,
  signal?: AbortSignal,
): Promise<AlbumUser[]> {
  const reply = await apiRequest<AlbumUsers>(`${jobPath(albumId)}/users`, {
    query: { include_profile_url: 1 },
    headers: accessHeaders(access),
    signal,
  });
  return reply.users;
}

/** Every picture and movie of the album, paged. */
export async function fetchAlbumFiles(
  albumId: string,
  access?: AlbumAccess,
  signal?: AbortSignal,
): Promise<FileRecord[]> {
  return (await fetchAlbumFilesAt(albumId, access, signal)).files;
}

/** The album's files and the change serial they were read at (the first page's X-Last-Event-Serial). */
export const fetchAlbumFilesAt = (albumId: string, access?: AlbumAccess, signal?: AbortSignal) =>
  fetchEveryFile(albumId, access?.password, signal);

const post = <T = Album>(albumId: string, action: string, json?: unknown) =>
  apiRequest<T>(`${jobPath(albumId)}/${action}`, { method: 'POST', json });

export const renameAlbum = (albumId: string, name: string) => post(albumId, 'name', { name });

export const setAlbumPrivacy = (albumId: string, mode: PrivacyModeChange) =>
  post(albumId, 'privacy_mode', { mode });

export const setAlbumPermission = (
  albumId: string,
  permission: 'allow_comments' | 'allow_uploads',
  allowed: boolean,
) => post(albumId, 'permissions', { [permission]: allowed ? 1 : 0 });

export const subscribeAlbum = (albumId: string, access?: AlbumAccess) =>
  apiRequest<Album>(`${jobPath(albumId)}/subscribe`, { method: 'POST', headers: accessHeaders(access) });

export const unsubscribeAlbum = (albumId: string) => post<unknown>(albumId, 'unsubscribe');

export const deleteAlbum = (albumId: string) => apiRequest<unknown>(jobPath(albumId), { method: 'DELETE' });

/** PUT /jobs/{id}/attribute/sort_order: the album's file order for everyone who opens it. */
export const setAlbumSortOrder = (albumId: string, value: AlbumFileSort) =>
  apiRequest<unknown>(`${jobPath(albumId)}/attribute/sort_order`, { method: 'PUT', json: { value } });

/** POST /jobs/{id}/password: a transformed password protects the shared album; '' removes it. */
export const setAlbumPassword = (albumId: string, transformedPassword: string) =>
  post(albumId, 'password', { password: transformedPassword });

/** POST /jobs/{id}/publish: the owner sends the album's link by e-mail (recipients comma separated). */
export const publishAlbum = (albumId: string, request: PublishRequest) =>
  apiRequest<string>(`${jobPath(albumId)}/publish`, { method: 'POST', json: request, responseType: 'text' });
