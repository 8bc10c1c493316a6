import type { ArchiveLink, ArchiveRequest } from '@nordlys/contract/archive';
import {
  type CreateShareReply,
  type EmailShareRequest,
  SHARE_PASSWORD_HEADER,
  type Share,
} from '@nordlys/contract/share';
import type { CopyFilesReply } from '@nordlys/contract/timeline';
import { apiRequest } from './client';

/** POST /shares: a link to these files, valid 30 days. */
export const createShare = (fileIds: readonly string[], password?: string) =>
  apiRequest<CreateShareReply>('/shares', {
    method: 'POST',
    json: { file_ids: [...fileIds], ...(password ? { password } : {}) },
  });

/** POST /shares/{id}/email: the link sent by the owner. */
export const emailShare = (shareId: string, request: EmailShareRequest) =>
  apiRequest<string>(`/shares/${encodeURIComponent(shareId)}/email`, {
    method: 'POST',
    json: request,
    responseType: 'text',
  });

const passwordHeaders = (password: string | null): Record<string, string> =>
  password ? { [SHARE_PASSWORD_HEADER]: encodeURIComponent(password) } : {};

/** GET /shares/{id}: the share as its visitor sees it; a password share wants its password as typed. */
export const fetchShare = (shareId: string, password: string | null, signal?: AbortSignal) =>
  apiRequest<Share>(`/shares/${encodeURIComponent(shareId)}`, { headers: passwordHeaders(password), signal });

/** POST /shares/{id}/files_as_archive/link: a short-lived signed link to the share's files as a ZIP. */
export const shareArchiveLink = (shareId: string, request: ArchiveRequest, password: string | null) =>
  apiRequest<ArchiveLink>(`/shares/${encodeURIComponent(shareId)}/files_as_archive/link`, {
    method: 'POST',
    json: request,
    headers: passwordHeaders(password),
  });

/** DELETE /shares/{id}: stop sharing (the owner). */
export const deleteShare = (shareId: string) =>
  apiRequest<string>(`/shares/${encodeURIComponent(shareId)}`, { method: 'DELETE', responseType: 'text' });

/** POST /shares/{id}/copy_to_timeline: the share's files into the caller's timeline. */
export const copyShareToTimeline = (shareId: string, password: string | null) =>
  apiRequest<CopyFilesReply>(`/shares/${encodeURIComponent(shareId)}/copy_to_timeline`, {
    method: 'POST',
    headers: passwordHeaders(password),
  });
