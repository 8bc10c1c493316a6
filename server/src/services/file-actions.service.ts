import type { BulkErrorReason, BulkFileResult, CopyFilesReply } from '@nordlys/contract/timeline';
import type { BlobStore } from '../blobs/blob-store';
import type { SignedInCaller } from '../domain/caller';
import { forbidden, outOfStorage } from '../domain/errors';
import { Permission } from '../domain/permission';
import type { RepositoriesOf } from '../store/repositories';
import type { FileWithJob } from '../store/repositories/timeline.repository';
import type { AccessService } from './access.service';
import {
  type BookedFile,
  type FileBookkeepingRepository,
  insertFile,
  restoreFile,
  trashFile,
} from './file-bookkeeping';
import type { JobService } from './job.service';
import {
  deleteContentBlobs,
  type PurgeRepository,
  purgeTrashedFile,
  type UnreferencedContent,
} from './trash-purge.service';

/**
 * Whether the caller may read (and so copy) a file. Only files in the caller's own jobs for now;
 * albums shared with the caller and public shares extend this one function.
 */
export function canReadFile(session: Pick<SignedInCaller, 'userId'>, file: FileWithJob): boolean {
  return file.deleted_at == null && file.job_deleted_at == null && file.job_owner_id === session.userId;
}

/** Trash actions (delete, restore, purge) are for the job's owner and the file's uploader. */
function mayManage(userId: string, file: FileWithJob): boolean {
  return file.job_owner_id === userId || file.user_id === userId;
}

/** A file with its job, as the bookkeeping takes it. */
const booked = (file: FileWithJob): BookedFile => ({
  ...file,
  job: { id: file.job_id, type: file.job_type, owner_id: file.job_owner_id },
});

export interface FileActionsDeps {
  repos: RepositoriesOf<'timeline' | FileBookkeepingRepository | PurgeRepository>;
  blobs: BlobStore;
  jobs: JobService;
  access: AccessService;
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
  const { repos, blobs, jobs, access, clock, maxSpaceOf } = deps;

  function requireWriter(session: SignedInCaller) {
    if (session.isReadOnly) throw forbidden('read_only_user');
  }

  async function quotaOf(userId: string) {
    const [{ usedSpace }, maxSpace] = await Promise.all([repos.usage.usageOf(userId), maxSpaceOf(userId)]);
    return { usedSpace, maxSpace };
  }

  /** Rows by id, in a stable order so concurrent batches take row locks in the same order. */
  async function load(ids: readonly string[]) {
    const rows = await repos.timeline.findFilesWithJob(ids);
    return new Map(rows.sort((a, b) => a.id.localeCompare(b.id)).map((row) => [row.id, row]));
  }

  return {
    /** Read-only users may delete too: an account over its storage must be able to free space. */
    async deleteFiles(
      session: SignedInCaller,
      jobIdParam: string,
      ids: readonly string[],
    ): Promise<BulkOutcome> {
      const { job } = await access.requireAccess(session, Permission.JobRead, jobIdParam);
      const wanted = unique(ids);
      const files = await load(wanted);
      const results = new Map<string, BulkFileResult>();
      const at = clock();
      await repos.transaction(async (tx) => {
        for (const file of files.values()) {
          if (file.job_id !== job.id) continue;
          if (!mayManage(session.userId, file)) {
            results.set(file.id, failed(file.id, 'forbidden'));
            continue;
          }
          // Already in the trash counts as done: a retried request must not report failures.
          await trashFile(tx, booked(file), at);
          results.set(file.id, ok(file.id));
        }
      });
      return {
        results: wanted.map((id) => results.get(id) ?? failed(id, 'not_found')),
        ...(await quotaOf(session.userId)),
      };
    },

    /**
     * Brings files back from the trash (Undo and the trash page). A trashed file still counts
     * against its uploader's storage, so a restore adds nothing to used_space; while the uploader
     * is over their max_space (after a downgrade, say) it answers `out_of_storage` and the file
     * stays in the trash. With `jobId` (the Undo of a deletion in
     * that job, multi_rollback) files of other jobs answer not_found.
     */
    async restoreFiles(
      session: SignedInCaller,
      ids: readonly string[],
      jobId?: string,
    ): Promise<BulkOutcome> {
      requireWriter(session);
      const wanted = unique(ids);
      const files = await load(wanted);
      const results = new Map<string, BulkFileResult>();
      const candidates = [...files.values()].filter(
        (file) =>
          mayManage(session.userId, file) &&
          file.job_deleted_at == null &&
          (jobId === undefined || file.job_id === jobId),
      );
      // Read before the transaction: on SQLite the one connection is the transaction's.
      const maxSpaces = new Map<string, number>();
      for (const uploader of new Set(candidates.map((file) => file.user_id))) {
        maxSpaces.set(uploader, await maxSpaceOf(uploader));
      }
      const at = clock();
      await repos.transaction(async (tx) => {
        const { usage } = tx;
        for (const file of candidates) {
          if (file.deleted_at == null) {
            results.set(file.id, ok(file.id));
            continue;
          }
          const { usedSpace } = await usage.usageOf(file.user_id);
          if (usedSpace > (maxSpaces.get(file.user_id) ?? 0)) {
            results.set(file.id, failed(file.id, 'out_of_storage'));
            continue;
          }
          await restoreFile(tx, booked(file), at);
          results.set(file.id, ok(file.id));
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
     * (a sweep can collect them) and never a row pointing at missing bytes. Open to read-only
     * users, like deleting.
     */
    async purgeFiles(
      session: SignedInCaller,
      ids: readonly string[],
    ): Promise<Omit<BulkOutcome, 'maxSpace'>> {
      const wanted = unique(ids);
      const files = await load(wanted);
      const results = new Map<string, BulkFileResult>();
      const unreferenced: UnreferencedContent[] = [];
      await repos.transaction(async (tx) => {
        for (const file of files.values()) {
          if (!mayManage(session.userId, file)) continue;
          if (file.deleted_at == null) {
            results.set(file.id, failed(file.id, 'not_in_trash'));
            continue;
          }
          if (await purgeTrashedFile(tx, file, unreferenced)) results.set(file.id, ok(file.id));
        }
      });
      await deleteContentBlobs(blobs, unreferenced, deps.onOrphanBlob);
      const { usedSpace } = await quotaOf(session.userId);
      return { results: wanted.map((id) => results.get(id) ?? failed(id, 'not_found')), usedSpace };
    },

    /**
     * New files in the caller's timeline over the same contents (no bytes are copied). Contents
     * new to the caller count against their quota: the whole batch fits or nothing is copied.
     * `mayRead` narrows or widens what may be copied (an album's files for its readers).
     */
    async copyToTimeline(
      session: SignedInCaller,
      ids: readonly string[],
      mayRead: (file: FileWithJob) => boolean = (file) => canReadFile(session, file),
    ): Promise<CopyFilesReply> {
      requireWriter(session);
      const target = await jobs.ensureTimeline(session.userId);
      const wanted = unique(ids);
      const files = await load(wanted);
      const readable = wanted
        .map((id) => files.get(id))
        .filter((file): file is FileWithJob => file !== undefined && mayRead(file));
      const newSizes = new Map<string, number>();
      for (const file of readable) {
        if (newSizes.has(file.content_sha256)) continue;
        if (!(await repos.usage.ownsContent(session.userId, file.content_sha256))) {
          newSizes.set(file.content_sha256, Number(file.size));
        }
      }
      const needed = [...newSizes.values()].reduce((sum, size) => sum + size, 0);
      if (needed > 0) {
        const { usedSpace, maxSpace } = await quotaOf(session.userId);
        if (usedSpace + needed > maxSpace) throw outOfStorage('out_of_storage');
      }
      const at = clock();
      const copied = await repos.transaction(async (tx) => {
        const done: CopyFilesReply['copied'] = [];
        for (const file of readable) {
          const content = await tx.contents.findBySha(file.content_sha256);
          if (!content) continue;
          const { content: referenced } = await tx.contents.addRef(content);
          const { fileId } = await insertFile(tx, {
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
}

export type FileActionsService = ReturnType<typeof createFileActionsService>;
