import type { ArchiveLink } from '@nordlys/contract/archive';
import { TOTAL_ITEMS_HEADER } from '@nordlys/contract/timeline';
import { TRASH_PAGE_SIZE, type TrashFiles } from '@nordlys/contract/trash';
import { apiRequest } from './client';
import { numberHeader } from './timeline.api';

export interface TrashPage {
  files: TrashFiles['files'];
  /** X-Total-Items: how many files the trash holds. */
  total: number | null;
}

/** One page of the trash, newest deletion first. */
export async function fetchTrashPage(
  offset: number,
  limit: number = TRASH_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<TrashPage> {
  const response = await apiRequest<Response>('/trash_can', {
    query: { offset, limit },
    signal,
    responseType: 'response',
  });
  const body = (await response.json()) as TrashFiles;
  return { files: body.files, total: numberHeader(response, TOTAL_ITEMS_HEADER) };
}

/** A short-lived signed GET link to the archive of these trashed files (at most DOWNLOAD_MAX_ITEMS). */
export const trashArchiveLink = (fileIds: readonly string[], zipFilename: string) =>
  apiRequest<ArchiveLink>('/trash_can/files_as_archive/link', {
    json: { file_ids: fileIds, zip_filename: zipFilename },
  });
