import type { BlobStore } from '../blobs/blob-store';
import type { Repositories } from '../store/repositories';

/**
 * Blobs no row points to: an upload whose bytes were stored but whose transaction never
 * committed (a crash in between), a purge that committed but died before deleting the bytes,
 * a profile picture replaced at the moment of a crash. Only blobs older than `olderThanMs` are
 * touched: a key appears when its bytes are complete and its row follows within the same
 * request, so anything older without a row is left over.
 */
export const ORPHAN_MIN_AGE_MS = 6 * 60 * 60 * 1000;
const BATCH = 500;

export interface BlobSweepDeps {
  repos: Pick<Repositories, 'contents' | 'users' | 'tusUploads'>;
  blobs: BlobStore;
  clock: () => number;
}

export interface BlobSweepResult {
  checked: number;
  deleted: string[];
}

type Owned = (keys: string[]) => Promise<Set<string>>;

export function createBlobSweepService({ repos, blobs, clock }: BlobSweepDeps) {
  /** content/<xx>/<id>: referenced as a content's blob_key. */
  const ownedContent: Owned = (keys) => repos.contents.ownedBlobKeys(keys);

  /** derived/<sha256>/<name>: kept while the content exists. */
  const ownedDerived: Owned = async (keys) => {
    const shaOf = (key: string) => key.split('/')[1] ?? '';
    const live = await repos.contents.existing([...new Set(keys.map(shaOf))]);
    return new Set(keys.filter((key) => live.has(shaOf(key))));
  };

  /** profile-pictures/<user>/<version>.jpg: only the user's current picture. */
  const ownedProfilePictures: Owned = (keys) => repos.users.currentPictureKeys(keys);

  /** tus/<upload>/<start>: a part of a resumable upload that has not ended (its owner deleted, a crash). */
  const ownedTusParts: Owned = (keys) => repos.tusUploads.ownedPartKeys(keys);

  const AREAS: Array<[prefix: string, owned: Owned]> = [
    ['content/', ownedContent],
    ['derived/', ownedDerived],
    ['profile-pictures/', ownedProfilePictures],
    ['tus/', ownedTusParts],
  ];

  return {
    async sweep({ olderThanMs = ORPHAN_MIN_AGE_MS } = {}): Promise<BlobSweepResult> {
      const cutoff = clock() - olderThanMs;
      const result: BlobSweepResult = { checked: 0, deleted: [] };
      const settle = async (batch: string[], owned: Owned) => {
        if (batch.length === 0) return;
        result.checked += batch.length;
        const keep = await owned(batch);
        for (const key of batch) {
          if (keep.has(key)) continue;
          const stat = await blobs.stat(key);
          // No modification time means no way to tell a leftover from a blob just written.
          if (!stat?.mtime || stat.mtime.getTime() > cutoff) continue;
          // Checked again right before deleting: a row may have appeared since the batch was read.
          if ((await owned([key])).has(key)) continue;
          await blobs.delete(key);
          result.deleted.push(key);
        }
      };
      for (const [prefix, owned] of AREAS) {
        let batch: string[] = [];
        for await (const key of blobs.list(prefix)) {
          batch.push(key);
          if (batch.length >= BATCH) {
            await settle(batch, owned);
            batch = [];
          }
        }
        await settle(batch, owned);
      }
      return result;
    },
  };
}

export type BlobSweepService = ReturnType<typeof createBlobSweepService>;
