import type { BulkErrorReason, BulkFileResult, CopyFilesReply } from '@nordlys/contract/timeline';
import type { BlobStore } from '../blobs/blob-store';
import { forbidden, outOfStorage } from '../domain/errors';
import type { Database } from '../store/database';
import { ChangeType, createChangeRepository } from '../store/repositories/change.repository';
import { createContentRepository } from '../store/repositories/content.repository';
import { createTimelineRepository, type FileWithJob } from '../store/repositories/timeline.repository';
import { createUsageRepository, type UsageDelta } from '../store/repositories/usage.repository';
import type { FileType } from '../store/schema';
import type { Session } from './auth.service';
import { insertFileInTransaction } from './file.service';
import type { JobService } from './job.service';

/**
 * Whether the caller may read (and so copy) a file. Only files in the caller's own jobs for now;
 * albums shared with the caller and public shares extend this one function.
 */
export function canReadFile(session: Pick<Session, 'userId'>, file: FileWithJob): boolean {
  return file.deleted_at == null && file.job_deleted_at == null && file.job_owner_id === session.userId;
}

/** Trash actions (delete, restore, purge) are for the job's owner and the file's uploader. */
function mayManage(userId: string, file: FileWithJob): boolean {
  return file.job_owner_id === userId || file.user_id === userId;
}

/** The timeline counter a file moves (user_usage keeps screenshots apart from other pictures). */
function counterDelta(fileType: FileType, isScreenshot: boolean, sign: 1 | -1): UsageDelta {
  if (isScreenshot) return { screenshot_count: sign };
  if (fileType === 'Pictures') return { picture_count: sign };
  if (fileType === 'Movies') return { video_count: sign };
  return { document_count: sign };
}

export interface FileActionsDeps {
  db: Database;
  blobs: BlobStore;
  jobs: JobService;
  clock: () => number;
  maxSpaceOf(userId: string): Promise<number>;
  /** Blob deletions that fail after the purge committed leave orphans; they are reported here. */
  onOrphanBlob?(key: string, error: unknown): void;
}

export interface BulkOutcome {
  results: BulkFileResult[];
  usedSpace: number;
  maxSpace: number;
}

const ok = (file_uuid: string): BulkFileResult => ({ file_uuid, status: 'ok' });
const failed = (file_uuid: string, error_reason: BulkErrorReason): BulkFileResult => ({
  file_uuid,
  status: 'error',
  error_reason,
});
const unique = (ids: readonly string[]) => [...new Set(ids)];

/** Writes to many files at once, each batch (at most one chunk of 200 ids) in one transaction. */
export function createFileActionsService(deps: FileActionsDeps) {
  const { db, blobs, jobs, clock, maxSpaceOf } = deps;
  const timeline = createTimelineRepository(db);

  function requireWriter(session: Session) {
    if (session.isReadOnly) throw forbidden('read_only_user');
  }

  async function quotaOf(userId: string) {
    const [{ usedSpace }, maxSpace] = await Promise.all([
      createUsageRepository(db).usageOf(userId),
      maxSpaceOf(userId),
    ]);
    return { usedSpace, maxSpace };
  }

  /** Rows by id, in a stable order so concurrent batches take row locks in the same order. */
  async function load(ids: readonly string[]) {
    const rows = await timeline.findFilesWithJob(ids);
    return new Map(rows.sort((a, b) => a.id.localeCompare(b.id)).map((row) => [row.id, row]));
  }

  async function moveToTrash(trx: Database, file: FileWithJob, at: number): Promise<void> {
    const moved = await trx
      .updateTable('files')
      .set({ deleted_at: at })
      .where('id', '=', file.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return;
    const usage = createUsageRepository(trx);
    await usage.removeContentRef(file.user_id, file.content_sha256, Number(file.size));
    if (file.job_type === 'timeline') {
      await usage.addDelta(file.job_owner_id, counterDelta(file.file_type, Boolean(file.is_screenshot), -1));
    }
    await createChangeRepository(trx).append(file.job_id, {
      type: ChangeType.fileRemoved,
      entityId: file.id,
      fields: null,
      at,
    });
  }

  return {
    async deleteFiles(session: Session, jobIdParam: string, ids: readonly string[]): Promise<BulkOutcome> {
      requireWriter(session);
      const job = await jobs.requireReadableJob(session.userId, jobIdParam);
      const wanted = unique(ids);
      const files = await load(wanted);
      const results = new Map<string, BulkFileResult>();
      const at = clock();
      await db.transaction().execute(async (trx) => {
        for (const file of files.values()) {
          if (file.job_id !== job.id) continue;
          if (!mayManage(session.userId, file)) {
            results.set(file.id, failed(file.id, 'forbidden'));
            continue;
          }
          // Already in the trash counts as done: a retried request must not report failures.
          await moveToTrash(trx, file, at);
          results.set(file.id, ok(file.id));
        }
      });
      return {
        results: wanted.map((id) => results.get(id) ?? failed(id, 'not_found')),
        ...(await quotaOf(session.userId)),
      };
    },

    /**
     * Brings files back from the trash (Undo and the trash page). A file whose content its
     * uploader no longer holds counts against the uploader's quota again; one that does not fit
     * answers `out_of_storage` and stays in the trash.
     */
    async restoreFiles(session: Session, ids: readonly string[]): Promise<BulkOutcome> {
      requireWriter(session);
      const wanted = unique(ids);
      const files = await load(wanted);
      const results = new Map<string, BulkFileResult>();
      const candidates = [...files.values()].filter(
        (file) => mayManage(session.userId, file) && file.job_deleted_at == null,
      );
      // Read before the transaction: on SQLite the one connection is the transaction's.
      const maxSpaces = new Map<string, number>();
      for (const uploader of new Set(candidates.map((file) => file.user_id))) {
        maxSpaces.set(uploader, await maxSpaceOf(uploader));
      }
      const at = clock();
      await db.transaction().execute(async (trx) => {
        const usage = createUsageRepository(trx);
        for (const file of candidates) {
          if (file.deleted_at == null) {
            results.set(file.id, ok(file.id));
            continue;
          }
          const size = Number(file.size);
          if (!(await usage.ownsContent(file.user_id, file.content_sha256))) {
            const { usedSpace } = await usage.usageOf(file.user_id);
            if (usedSpace + size > (maxSpaces.get(file.user_id) ?? 0)) {
              results.set(file.id, failed(file.id, 'out_of_storage'));
              continue;
            }
          }
          const restored = await trx
            .updateTable('files')
            .set({ deleted_at: null })
            .where('id', '=', file.id)
            .where('deleted_at', 'is not', null)
            .executeTakeFirst();
          results.set(file.id, ok(file.id));
          if (Number(restored.numUpdatedRows) === 0) continue;
          await usage.addContentRef(file.user_id, file.content_sha256, size);
          if (file.job_type === 'timeline') {
            await usage.addDelta(
              file.job_owner_id,
              counterDelta(file.file_type, Boolean(file.is_screenshot), 1),
            );
          }
          await createChangeRepository(trx).append(file.job_id, {
            type: ChangeType.fileAdded,
            entityId: file.id,
            fields: { path: file.path, checksum: file.content_sha256 },
            at,
          });
        }
      });
      return {
        results: wanted.map((id) => results.get(id) ?? failed(id, 'not_found')),
        ...(await quotaOf(session.userId)),
      };
    },

    /**
     * Deletes trashed files for good. A content whose last file goes is deleted with its bytes
     * and derived blobs; the blobs go after the commit, so a crash in between leaves orphan blobs
     * (a sweep can collect them) and never a row pointing at missing bytes.
     */
    async purgeFiles(session: Session, ids: readonly string[]): Promise<Omit<BulkOutcome, 'maxSpace'>> {
      requireWriter(session);
      const wanted = unique(ids);
      const files = await load(wanted);
      const results = new Map<string, BulkFileResult>();
      const unreferenced: { sha256: string; blobKey: string }[] = [];
      await db.transaction().execute(async (trx) => {
        const contents = createContentRepository(trx);
        for (const file of files.values()) {
          if (!mayManage(session.userId, file)) continue;
          if (file.deleted_at == null) {
            results.set(file.id, failed(file.id, 'not_in_trash'));
            continue;
          }
          const removed = await trx
            .deleteFrom('files')
            .where('id', '=', file.id)
            .where('deleted_at', 'is not', null)
            .executeTakeFirst();
          if (Number(removed.numDeletedRows) === 0) continue;
          results.set(file.id, ok(file.id));
          if ((await contents.removeRef(file.content_sha256)) > 0) continue;
          const gone = await trx
            .deleteFrom('contents')
            .where('sha256', '=', file.content_sha256)
            .where('ref_count', '<=', 0)
            .returning('blob_key')
            .executeTakeFirst();
          if (gone) unreferenced.push({ sha256: file.content_sha256, blobKey: gone.blob_key });
        }
      });
      for (const { sha256, blobKey } of unreferenced) await deleteBlobs(sha256, blobKey);
      const { usedSpace } = await quotaOf(session.userId);
      return { results: wanted.map((id) => results.get(id) ?? failed(id, 'not_found')), usedSpace };
    },

    /**
     * New files in the caller's timeline over the same contents (no bytes are copied). Contents
     * new to the caller count against their quota: the whole batch fits or nothing is copied.
     */
    async copyToTimeline(session: Session, ids: readonly string[]): Promise<CopyFilesReply> {
      requireWriter(session);
      const target = await jobs.ensureTimeline(session.userId);
      const wanted = unique(ids);
      const files = await load(wanted);
      const readable = wanted
        .map((id) => files.get(id))
        .filter((file): file is FileWithJob => file !== undefined && canReadFile(session, file));
      const usage = createUsageRepository(db);
      const newSizes = new Map<string, number>();
      for (const file of readable) {
        if (newSizes.has(file.content_sha256)) continue;
        if (!(await usage.ownsContent(session.userId, file.content_sha256))) {
          newSizes.set(file.content_sha256, Number(file.size));
        }
      }
      const needed = [...newSizes.values()].reduce((sum, size) => sum + size, 0);
      if (needed > 0) {
        const { usedSpace, maxSpace } = await quotaOf(session.userId);
        if (usedSpace + needed > maxSpace) throw outOfStorage('out_of_storage');
      }
      const at = clock();
      const copied = await db.transaction().execute(async (trx) => {
        const contents = createContentRepository(trx);
        const done: CopyFilesReply['copied'] = [];
        for (const file of readable) {
          const content = await contents.findBySha(file.content_sha256);
          if (!content) continue;
          const { content: referenced } = await contents.addRef(content);
          const { fileId } = await insertFileInTransaction(trx, {
            job: target,
            userId: session.userId,
            content: referenced,
            file: {
              parsed: { path: file.path, fileName: file.file_name, extension: file.extension },
              mtimeMs: Number(file.mtime),
              ctimeMs: Number(file.ctime),
              groupType: file.group_type,
              groupId: file.group_id,
              isMaster: Boolean(file.is_master),
            },
            at,
          });
          done.push({ from: file.id, to: fileId });
        }
        return done;
      });
      const copiedIds = new Set(copied.map((c) => c.from));
      return {
        copied,
        failed: wanted.filter((id) => !copiedIds.has(id)).map((id) => ({ id, reason: 'not_found' as const })),
      };
    },
  };

  async function deleteBlobs(sha256: string, blobKey: string): Promise<void> {
    const keys = [blobKey];
    try {
      for await (const key of blobs.list(`derived/${sha256}/`)) keys.push(key);
    } catch (error) {
      deps.onOrphanBlob?.(`derived/${sha256}/`, error);
    }
    for (const key of keys) {
      await blobs.delete(key).catch((error: unknown) => deps.onOrphanBlob?.(key, error));
    }
  }
}

export type FileActionsService = ReturnType<typeof createFileActionsService>;
