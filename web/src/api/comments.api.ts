import { ALBUM_PASSWORD_HEADER, GUEST_TOKEN_HEADER, type GuestIdentity } from '@nordlys/contract/album';
import { type Comment, type FileComments, type FileLoves, REACTION_LOVE } from '@nordlys/contract/comment';
import type { FileRecord } from '@nordlys/contract/file';
import type { JobChanges } from '@nordlys/contract/timeline';
import { apiRequest } from './client';

export type { Comment, FileComments, FileLoves };

/** What a visitor sends with an album's calls: its password (transformed) and their guest token. */
export interface CommentAccess {
  password?: string | null;
  guestToken?: string | null;
}

export const commentAccessHeaders = (access: CommentAccess = {}): Record<string, string> => ({
  ...(access.password ? { [ALBUM_PASSWORD_HEADER]: access.password } : {}),
  ...(access.guestToken ? { [GUEST_TOKEN_HEADER]: access.guestToken } : {}),
});

const fileBase = (albumId: string, fileId: string) =>
  `/jobs/${encodeURIComponent(albumId)}/files_by_id/${encodeURIComponent(fileId)}`;

export const fetchComments = (
  albumId: string,
  fileId: string,
  access?: CommentAccess,
  signal?: AbortSignal,
) =>
  apiRequest<FileComments>(`${fileBase(albumId, fileId)}/comments`, {
    headers: commentAccessHeaders(access),
    signal,
  });

export const postComment = (albumId: string, fileId: string, comment: string, access?: CommentAccess) =>
  apiRequest<Comment>(`${fileBase(albumId, fileId)}/comments`, {
    method: 'POST',
    json: { comment },
    headers: commentAccessHeaders(access),
  });

export const editComment = (
  albumId: string,
  fileId: string,
  commentId: string,
  comment: string,
  access?: CommentAccess,
) =>
  apiRequest<Comment>(`${fileBase(albumId, fileId)}/comments/${encodeURIComponent(commentId)}`, {
    method: 'PUT',
    json: { comment },
    headers: commentAccessHeaders(access),
  });

export const deleteComment = (albumId: string, fileId: string, commentId: string, access?: CommentAccess) =>
  apiRequest<void>(`${fileBase(albumId, fileId)}/comments/${encodeURIComponent(commentId)}`, {
    method: 'DELETE',
    headers: commentAccessHeaders(access),
  });

export const setLove = (albumId: string, fileId: string, love: boolean, access?: CommentAccess) =>
  apiRequest<FileLoves>(`${fileBase(albumId, fileId)}/reaction`, {
    method: love ? 'POST' : 'DELETE',
    ...(love ? { json: { reaction: REACTION_LOVE } } : {}),
    headers: commentAccessHeaders(access),
  });

/** A signed-out visitor's name for the album's comments and loves (the name prompt). */
export const registerGuest = (albumId: string, name: string, access?: CommentAccess) =>
  apiRequest<GuestIdentity>(`/jobs/${encodeURIComponent(albumId)}/guest`, {
    method: 'POST',
    json: { name },
    headers: commentAccessHeaders(access),
  });

export const fetchAlbumChanges = (
  albumId: string,
  since: number,
  access?: CommentAccess,
  signal?: AbortSignal,
) =>
  apiRequest<JobChanges>(`/jobs/${encodeURIComponent(albumId)}/changes`, {
    query: { since },
    headers: commentAccessHeaders(access),
    signal,
  });

/** The commented file itself (name, capture time, thumbnail), read as the panel's other calls are. */
export const fetchCommentedFile = (
  albumId: string,
  fileId: string,
  access?: CommentAccess,
  signal?: AbortSignal,
) => apiRequest<FileRecord>(fileBase(albumId, fileId), { headers: commentAccessHeaders(access), signal });
