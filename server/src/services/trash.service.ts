import { BULK_CHUNK } from '@nordlys/contract/timeline';
import {
  type AlbumsSuccessReply,
  type DeletedAlbum,
  daysRemaining,
  type TrashFile,
} from '@nordlys/contract/trash';
import type { BlobStore } from '../blobs/blob-store';
import type { SignedInCaller } from '../domain/caller';
import { forbidden } from '../domain/errors';
import { Permission } from '../domain/permission';
import type { MediaUrls } from '../media/media-urls';
import type { RepositoriesOf } from '../store/repositories';
import type { TrashRow } from '../store/repositories/trash.repository';
import type { AccessService } from './access.service';
import type { BulkOutcome, FileActionsService } from './file-actions.service';
import {
  deleteContentBlobs,
  type PurgeRepository,
  purgeTrashedAlbum,
  type UnreferencedContent,
} from './trash-purge.service';

const seconds = (ms: number) => Math.floor(Number(ms) / 1000);

export interface TrashServiceDeps {
  repos: RepositoriesOf<PurgeRepository>;
  blobs: BlobStore;
  access: AccessService;
  fileActions: FileActionsService;
  signer: Pick<MediaUrls, 'trashThumbUrl'>;
  clock: () => number;
  onOrphanBlob?(key: string, error: unknown): void;
}

/** The trash (core.md §2, §4, §7): what is in it and the Undo of a deletion (the purge: trash-purge.service). */
export function createTrashService(deps: TrashServiceDeps) {
  const { repos, blobs, access, fileActions, signer, clock } = deps;
  const unique = (ids: readonly string[]) => [...new Set(ids)];

  function requireWriter(session: SignedInCaller) {
    if (session.isReadOnly) throw forbidden('read_only_user');
  }

  function trashFileOf(row: TrashRow, now: number): TrashFile {
    const deletedAt = Number(row.deleted_at);
    const thumb = (area: 256 | 1280) =>
      row.media_kind === 'document'
        ? null
        : signer.trashThumbUrl(row.job_id, row.id, row.content_sha256, area);
    return {
      id: row.id,
      job: row.job_id,
      path: row.path,
      size: Number(row.size),
      mtime: seconds(row.mtime),
      dtime: seconds(deletedAt),
      width: row.width == null ? null : Number(row.width),
      height: row.height == null ? null : Number(row.height),
      group_type: row.group_type,
      group_id: row.group_id,
      master: row.is_master ? '1' : '0',
      daysRemaining: daysRemaining(deletedAt, now),
      file_type: row.file_type,
      duration: row.duration_ms ? Math.round(Number(row.duration_ms) / 1000) : 0,
      thumbURLSmall: thumb(256),
      thumbURLLarge: thumb(1280),
    };
  }

  return {
    async list(
      session: SignedInCaller,
      page: { offset: number; limit: number },
    ): Promise<{ files: TrashFile[]; totalItems: number }> {
      const [rows, totalItems] = await Promise.all([
        repos.trash.list(session.userId, page),
        repos.trash.count(session.userId),
      ]);
      const now = clock();
      return { files: rows.map((row) => trashFileOf(row, now)), totalItems };
    },

    /** The Undo of a deletion in one job: its files come back through the one restore path. */
    async multiRollback(
      session: SignedInCaller,
      jobIdParam: string,
      ids: readonly string[],
    ): Promise<BulkOutcome> {
      const { job } = await access.requireAccess(session, Permission.JobRead, jobIdParam);
      return fileActions.restoreFiles(session, ids, job.id);
    },

    /** The caller's albums in the trash (core.md §3 Deleted album), with a signed cover thumbnail. */
    async deletedAlbums(session: SignedInCaller): Promise<DeletedAlbum[]> {
      const rows = await repos.trash.deletedAlbums(session.userId);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        media_count: row.media_count,
        dtime: seconds(row.deleted_at),
        cover_id: row.cover_id,
        coverURL:
          row.cover_id && row.cover_sha256
            ? signer.trashThumbUrl(row.id, row.cover_id, row.cover_sha256, 256)
            : null,
      }));
    },

    /**
     * Brings the caller's albums back from the trash, and with each the files trashed with it (its
     * last file, or files deleted after it); those go through the one restore, quota included.
     */
    async restoreAlbums(session: SignedInCaller, ids: readonly string[]): Promise<AlbumsSuccessReply> {
      requireWriter(session);
      const success: AlbumsSuccessReply['success'] = [];
      for (const id of unique(ids)) {
        const album = await repos.trash.findDeletedAlbum(session.userId, id);
        if (!album) continue;
        const files = await repos.trash.filesTrashedWith(album.id, Number(album.deleted_at));
        if (!(await repos.trash.restoreAlbum(album.id))) continue;
        for (let i = 0; i < files.length; i += BULK_CHUNK) {
          await fileActions.restoreFiles(session, files.slice(i, i + BULK_CHUNK), album.id);
        }
        success.push({ uuid: album.id });
      }
      return { success };
    },

    /** Deletes the caller's albums in the trash for good, each in one transaction (read-only users too). */
    async deleteAlbums(session: SignedInCaller, ids: readonly string[]): Promise<AlbumsSuccessReply> {
      const success: AlbumsSuccessReply['success'] = [];
      for (const id of unique(ids)) {
        if (!(await repos.trash.findDeletedAlbum(session.userId, id))) continue;
        const unreferenced: UnreferencedContent[] = [];
        if (await repos.transaction((tx) => purgeTrashedAlbum(tx, id, unreferenced)))
          success.push({ uuid: id });
        await deleteContentBlobs(blobs, unreferenced, deps.onOrphanBlob);
      }
      return { success };
    },
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
