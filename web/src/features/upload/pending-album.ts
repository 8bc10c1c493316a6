/**
 * core.md §3 "Pending album" and §4: an album that does not exist on the server yet; the first
 * upload into it creates it. Its uploads target `pending:<id>` until then.
 */
export interface PendingAlbum {
  pendingId: string;
  title: string;
  isShared: boolean;
  /** The server's id once the first upload has created it. */
  albumId: string | null;
  /** Queue items still on their way into it. */
  pendingFiles: string[];
  /** Files it has received (their file ids), kept after the queue is cleared. */
  uploadedFiles: string[];
}

const PREFIX = 'pending:';

export const pendingAlbumJob = (pendingId: string): string => `${PREFIX}${pendingId}`;
export const isPendingAlbumJob = (jobId: string): boolean => jobId.startsWith(PREFIX);

/** Where a local upload goes: an existing job, or a pending album (and maybe the timeline too). */
export type UploadDialogTarget =
  | { jobId: string; alsoTargetTimeline?: boolean }
  | { pendingAlbum: { pendingId: string; title: string; isShared: boolean }; alsoTargetTimeline?: boolean };

export interface PendingAlbumItem {
  id: string;
  pendingAlbum: string | null;
  finished: boolean;
  stored: boolean;
  fileUUID: string | null;
}

/**
 * The album's lists from the queue: items still unfinished stay pending; stored ones join the
 * uploaded files; rejected or cancelled ones simply leave (pending entries are removed on failure).
 */
export function reconcilePendingAlbum(album: PendingAlbum, items: readonly PendingAlbumItem[]): PendingAlbum {
  const mine = items.filter((item) => item.pendingAlbum === album.pendingId);
  const pendingFiles = mine.filter((item) => !item.finished).map((item) => item.id);
  const uploaded = new Set(album.uploadedFiles);
  for (const item of mine) if (item.stored && item.fileUUID) uploaded.add(item.fileUUID);
  const uploadedFiles = [...uploaded];
  const same =
    pendingFiles.length === album.pendingFiles.length &&
    pendingFiles.every((id, i) => album.pendingFiles[i] === id) &&
    uploadedFiles.length === album.uploadedFiles.length;
  return same ? album : { ...album, pendingFiles, uploadedFiles };
}
