import type { AlbumsSuccessReply, DeletedAlbums } from '@nordlys/contract/trash';
import { apiRequest } from './client';

/** The caller's albums in the trash (core.md §7: no parameters). */
export const fetchDeletedAlbums = (signal?: AbortSignal) =>
  apiRequest<DeletedAlbums>('/trash_can_albums', { signal });

/** Restores albums with their files; `success` lists the ones restored. */
export const restoreAlbums = (ids: readonly string[]) =>
  apiRequest<AlbumsSuccessReply>('/rollback_albums', { json: { job_uuids: ids } });

/** Deletes albums in the trash for good; `success` lists the ones deleted. */
export const deleteAlbumsForever = (ids: readonly string[]) =>
  apiRequest<AlbumsSuccessReply>('/delete_albums_from_trash_can', {
    method: 'DELETE',
    json: { job_uuids: ids },
  });
