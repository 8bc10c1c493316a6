import { type Static, Type } from 'typebox';
import { TRASH_RETENTION_DAYS } from './constants';
import { FileType, GroupType, Nullable } from './file';

/**
 * The trash: the wire contract (core.md §3 Trash file / Deleted album, §7 trash calls). Every path
 * is under API_BASE (/st/4) and needs a signed-in device.
 *
 * - `GET /trash_can?offset=&limit=` → TrashFiles, newest deletion first; `X-Total-Items` holds how
 *   many there are. The caller's trash is every trashed file of a job they own that is not itself
 *   deleted, and every trashed file they uploaded elsewhere.
 * - `POST /trash_can/restore` and `POST /empty_trash_can`: see contract/timeline.
 * - `POST /jobs/{id}/multi_rollback` FileUuidsRequest → BulkFileResults: the Undo of a deletion just
 *   made in that job (only files of that job are restored; others answer not_found).
 * - `GET /trash_can/files_as_archive` → the trash as one ZIP (contract/archive).
 * - `GET /trash_can_albums` → DeletedAlbums; `POST /rollback_albums` and
 *   `DELETE /delete_albums_from_trash_can` take AlbumIdsRequest and answer AlbumsSuccessReply.
 */

export { TRASH_RETENTION_DAYS };
/** core.md §2: items with this many days or fewer are grouped as 'removed soon'. */
export const REMOVED_SOON_DAYS = 5;
/** Trash files per page (core.md §9 leaves the value open). */
export const TRASH_PAGE_SIZE = 200;
export const TRASH_MAX_PAGE_SIZE = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** 90 minus whole days since deletion, never below 0 (core.md §3). */
export function daysRemaining(deletedAtMs: number, nowMs: number): number {
  const elapsedDays = Math.floor(Math.max(0, nowMs - deletedAtMs) / DAY_MS);
  return Math.max(0, TRASH_RETENTION_DAYS - elapsedDays);
}

/** The moment before which a deletion is due for the purge. */
export const purgeCutoff = (nowMs: number) => nowMs - TRASH_RETENTION_DAYS * DAY_MS;

export const TrashFile = Type.Object({
  id: Type.String(),
  /** The job the file was deleted from. */
  job: Type.String(),
  path: Type.String(),
  size: Type.Number(),
  /** Epoch seconds. */
  mtime: Type.Number(),
  /** Deletion time, epoch seconds. */
  dtime: Type.Number(),
  width: Nullable(Type.Number()),
  height: Nullable(Type.Number()),
  group_type: Nullable(GroupType),
  group_id: Nullable(Type.String()),
  master: Type.Union([Type.Literal('1'), Type.Literal('0')]),
  daysRemaining: Type.Integer({ minimum: 0, maximum: TRASH_RETENTION_DAYS }),
  file_type: FileType,
  /** Seconds; 0 for pictures and documents. */
  duration: Type.Number(),
  /** Signed trash thumbnail URLs (`/th/3/trash/{job}/{file}`); null for documents. */
  thumbURLSmall: Nullable(Type.String()),
  thumbURLLarge: Nullable(Type.String()),
});
export type TrashFile = Static<typeof TrashFile>;

export const TrashFiles = Type.Object({ files: Type.Array(TrashFile) });
export type TrashFiles = Static<typeof TrashFiles>;

export const DeletedAlbum = Type.Object({
  id: Type.String(),
  name: Type.String(),
  media_count: Type.Integer({ minimum: 0 }),
  /** Deletion time, epoch seconds. */
  dtime: Type.Number(),
  cover_id: Nullable(Type.String()),
  /** The cover's signed trash thumbnail (256), null without files (not in the spec). */
  coverURL: Nullable(Type.String()),
});
export type DeletedAlbum = Static<typeof DeletedAlbum>;

export const DeletedAlbums = Type.Array(DeletedAlbum);
export type DeletedAlbums = Static<typeof DeletedAlbums>;

export const AlbumIdsRequest = Type.Object({
  job_uuids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 200 }),
});
export type AlbumIdsRequest = Static<typeof AlbumIdsRequest>;

export const AlbumsSuccessReply = Type.Object({
  success: Type.Array(Type.Object({ uuid: Type.String() })),
});
export type AlbumsSuccessReply = Static<typeof AlbumsSuccessReply>;
