import type { BulkFileResult } from '@nordlys/contract/timeline';
import type { AlbumsSuccessReply } from '@nordlys/contract/trash';
import type { Dispatch } from '@reduxjs/toolkit';
import type { RestoreAllIo } from './restore-all';
import { trashPorts } from './trash.ports';
import { trashListActions as actions, type TrashProcessing } from './trash-list.slice';

/** What the album commands do to the list (the page's reducer) and how they reach the server. */
export interface AlbumCommandIo {
  list(action: ReturnType<(typeof actions)[keyof typeof actions]>): void;
  call(ids: string[]): Promise<AlbumsSuccessReply>;
}

const TOASTS = {
  restoring: { success: 'trashAlbumsRestoreSuccess', failed: 'trashAlbumsRestoreFailed' },
  deleting: { success: 'trashAlbumsDeleteSuccess', failed: 'trashAlbumsDeleteFailed' },
} as const;

/**
 * Restores or deletes trashed albums: they pass through processing, leave the list when the
 * server lists them in `success`, come back otherwise; a toast tells how it went (core.md §8).
 * Delete forever asks first.
 */
export async function runAlbumCommand(
  kind: TrashProcessing,
  ids: string[],
  io: AlbumCommandIo,
  dispatch: Dispatch,
): Promise<void> {
  if (ids.length === 0) return;
  if (kind === 'deleting' && !(await trashPorts().confirmDeleteForever(dispatch, ids.length))) return;
  io.list(actions.processingStarted({ ids, kind }));
  let done: string[] = [];
  try {
    const reply = await io.call(ids);
    const wanted = new Set(ids);
    done = reply.success.map((entry) => entry.uuid).filter((id) => wanted.has(id));
  } catch {
    done = [];
  }
  const failed = ids.filter((id) => !done.includes(id));
  if (done.length > 0) {
    io.list(actions.processed(done));
    trashPorts().showToast(dispatch, { type: TOASTS[kind].success, params: { count: done.length } });
  }
  if (failed.length > 0) {
    io.list(actions.processingFailed(failed));
    trashPorts().showToast(dispatch, { type: TOASTS[kind].failed, params: { count: failed.length } });
  }
}

/**
 * "Restore all" over the album trash, run by the same rule as the photo trash's: pages are cut
 * from the one listing the server gives, and an album the reply does not list in `success` stays.
 */
export function albumRestoreAllIo(io: {
  list(): Promise<readonly { id: string }[]>;
  restore(ids: string[]): Promise<AlbumsSuccessReply>;
}): RestoreAllIo {
  return {
    async fetchPage(offset, limit) {
      const albums = await io.list();
      return { ids: albums.slice(offset, offset + limit).map((album) => album.id), total: albums.length };
    },
    async restore(ids) {
      const restored = new Set((await io.restore(ids)).success.map((entry) => entry.uuid));
      const results = ids.map(
        (id): BulkFileResult => ({ file_uuid: id, status: restored.has(id) ? 'ok' : 'error' }),
      );
      return { results };
    },
  };
}
