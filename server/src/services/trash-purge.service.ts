import { randomUUID } from 'node:crypto';
import { purgeCutoff } from '@nordlys/contract/trash';
import type { BlobStore } from '../blobs/blob-store';
import { derivedPrefix } from '../media/derived-blob-keys';
import type { RepositoriesOf, TransactionRepositories } from '../store/repositories';
import { removeFileRemarks } from './album-bookkeeping';
import { releaseFileContent } from './file-bookkeeping';

/** Files purged per transaction. */
const PURGE_BATCH = 200;
const PURGE_LEASE = 'trash-purge';
/** Longer than a batch takes; renewed with every batch. */
const PURGE_LEASE_MS = 15 * 60 * 1000;

/** A content whose last file row went: its bytes and derived blobs are to be deleted. */
export interface UnreferencedContent {
  sha256: string;
  blobKey: string;
}

/** What purging a file or an album writes. */
export type PurgeRepository = 'files' | 'contents' | 'usage' | 'comments' | 'reactions' | 'albums' | 'trash';
type PurgeRepositories = Pick<TransactionRepositories, PurgeRepository>;

/**
 * Deletes one trashed file's row for good, in the caller's transaction: the content loses a
 * reference and, at none left, its row, whose blob key is answered for deletion after the commit.
 * Bytes another record still points at (a deduplicated twin, an album's or a share's copy) stay.
 * A trashed file counts against its uploader's used_space until here: it is released in this
 * transaction, with the row, and so are its comments and loves with the album's counts of them.
 * False when the file was not in the trash.
 */
export async function purgeTrashedFile(
  tx: PurgeRepositories,
  file: { id: string; job_id: string; user_id: string; content_sha256: string; size: number },
  unreferenced: UnreferencedContent[],
): Promise<boolean> {
  if (!(await tx.files.deleteTrashed(file.id))) return false;
  await releaseFileContent(tx, file);
  await removeFileRemarks(tx, file);
  await releaseContent(tx, file.content_sha256, unreferenced);
  return true;
}

/** One file row fewer over the content; at none left its row goes and its bytes are noted. */
async function releaseContent(
  tx: Pick<TransactionRepositories, 'contents'>,
  sha256: string,
  unreferenced: UnreferencedContent[],
): Promise<void> {
  if ((await tx.contents.removeRef(sha256)) > 0) return;
  const blobKey = await tx.contents.deleteUnreferenced(sha256);
  if (blobKey) unreferenced.push({ sha256, blobKey });
}

/**
 * Deletes an album in the trash for good, in the caller's transaction: every file row it holds
 * (live or trashed, each still counts towards its uploader's used_space, which drops here, in the
 * same transaction), the contents they release, then the job (its album row, members, guests and change
 * rows go by cascade). False when the album was not in the trash.
 */
export async function purgeTrashedAlbum(
  tx: Pick<TransactionRepositories, 'trash' | 'contents' | 'usage'>,
  jobId: string,
  unreferenced: UnreferencedContent[],
): Promise<boolean> {
  for (const file of await tx.trash.filesOfJob(jobId)) {
    if (!(await tx.trash.deleteFile(file.id))) continue;
    await releaseFileContent(tx, file);
    await releaseContent(tx, file.content_sha256, unreferenced);
  }
  return tx.trash.deleteTrashedJob(jobId);
}

/**
 * Deletes the bytes and derived blobs of contents whose rows are gone. Runs after the commit, so a
 * crash in between leaves orphan blobs (the orphan sweep collects them), never a row without bytes.
 */
export async function deleteContentBlobs(
  blobs: BlobStore,
  contents: readonly UnreferencedContent[],
  onOrphanBlob?: (key: string, error: unknown) => void,
): Promise<void> {
  for (const { sha256, blobKey } of contents) {
    const keys = [blobKey];
    try {
      for await (const key of blobs.list(derivedPrefix(sha256))) keys.push(key);
    } catch (error) {
      onOrphanBlob?.(derivedPrefix(sha256), error);
    }
    for (const key of keys) {
      await blobs.delete(key).catch((error: unknown) => onOrphanBlob?.(key, error));
    }
  }
}

export interface TrashPurgeDeps {
  repos: RepositoriesOf<'timeline' | 'taskLeases' | PurgeRepository>;
  blobs: BlobStore;
  clock: () => number;
  onOrphanBlob?(key: string, error: unknown): void;
}

export interface PurgeOutcome {
  /** False when another process held the purge. */
  ran: boolean;
  files: number;
  albums: number;
  contents: number;
}

/** The 90-day purge of the trash (core.md §9), run by the periodic runner (compose.ts). */
export function createTrashPurgeService(deps: TrashPurgeDeps) {
  const { repos, blobs, clock } = deps;
  /** This process, as a lease holder. */
  const holder = randomUUID();

  return {
    /**
     * Deletes for good what has been in the trash for 90 days: file rows and, with the last
     * reference, contents and their bytes. One process at a time (a lease in the database), so
     * processes sharing PostgreSQL do not purge the same rows twice.
     */
    async purgeExpired(): Promise<PurgeOutcome> {
      const outcome: PurgeOutcome = { ran: false, files: 0, albums: 0, contents: 0 };
      const lease = () => repos.taskLeases.claim(PURGE_LEASE, holder, clock(), clock() + PURGE_LEASE_MS);
      if (!(await lease())) return outcome;
      outcome.ran = true;
      try {
        const cutoff = purgeCutoff(clock());
        for (const jobId of await repos.trash.albumsDeletedBefore(cutoff, PURGE_BATCH)) {
          const unreferenced: UnreferencedContent[] = [];
          if (await repos.transaction((tx) => purgeTrashedAlbum(tx, jobId, unreferenced)))
            outcome.albums += 1;
          await deleteContentBlobs(blobs, unreferenced, deps.onOrphanBlob);
          outcome.contents += unreferenced.length;
          if (!(await lease())) return outcome;
        }
        for (;;) {
          const ids = await repos.trash.trashedBefore(cutoff, PURGE_BATCH);
          if (ids.length === 0) break;
          const files = (await repos.timeline.findFilesWithJob(ids)).sort((a, b) => a.id.localeCompare(b.id));
          const unreferenced: UnreferencedContent[] = [];
          const purged = await repos.transaction(async (tx) => {
            let count = 0;
            for (const file of files) if (await purgeTrashedFile(tx, file, unreferenced)) count += 1;
            return count;
          });
          await deleteContentBlobs(blobs, unreferenced, deps.onOrphanBlob);
          outcome.files += purged;
          outcome.contents += unreferenced.length;
          // Nothing purged: what was read was restored or purged meanwhile; the next run goes on.
          if (purged === 0) break;
          if (!(await lease())) break;
        }
      } finally {
        await repos.taskLeases.release(PURGE_LEASE, holder);
      }
      return outcome;
    },
  };
}

export type TrashPurgeService = ReturnType<typeof createTrashPurgeService>;
