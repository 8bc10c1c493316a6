import { randomUUID } from 'node:crypto';
import type { TusUploadStatus } from '@nordlys/contract/file';
import type { BlobStore } from '../blobs/blob-store';
import type { TusBlobDatastore } from '../blobs/tus-blob-datastore';
import { type SignedInCaller, signedOutCaller } from '../domain/caller';
import { conflict, DomainError, notFound } from '../domain/errors';
import type { Repositories } from '../store/repositories';
import type { FileService } from './file.service';
import type { UploadService } from './upload.service';
import { fieldsFromTusMetadata } from './upload-fields';

/** Incomplete uploads expire after a day; outcomes are kept a day after their upload ended. */
export const TUS_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** Upload-Metadata as tus hands it over: the client's keys, and the owner the server recorded. */
export type TusMetadata = Record<string, string | null>;

export interface ResumableUploadDeps {
  uploads: Pick<UploadService, 'prepare' | 'ingest'>;
  files: Pick<FileService, 'getFileById'>;
  blobs: BlobStore;
  repos: Pick<Repositories, 'tusUploads' | 'users'>;
  clock: () => number;
}

/** The `{ error }` a failed upload's outcome keeps: the public reason, never internals. */
const publicReason = (error: unknown) =>
  error instanceof DomainError ? error.message : 'Internal Server Error';

/** Another process took the finishing of the upload over: it records the outcome, not this one. */
class FinishTakenOver extends Error {
  override readonly name = 'FinishTakenOver';
}

/**
 * Resumable uploads (tus): files above the configured threshold upload in parts and survive a
 * dropped connection or a reload, on any API process (state in the database, bytes in the blob
 * store). When the last byte arrives the file goes through the same ingest as a multipart upload,
 * the parts are deleted, and the outcome is kept a day for a client that reloaded.
 */
export function createResumableUploadService({ uploads, files, blobs, repos, clock }: ResumableUploadDeps) {
  const repo = repos.tusUploads;
  // Loaded with the first resumable upload: most processes never see one.
  let datastore: Promise<TusBlobDatastore> | undefined;
  const loadDatastore = () => {
    datastore ??= import('../blobs/tus-blob-datastore').then(
      ({ TusBlobDatastore }) => new TusBlobDatastore({ blobs, repo, expiryMs: TUS_EXPIRY_MS, clock }),
    );
    return datastore;
  };

  /**
   * The ingest of an upload held under `claim`. The outcome 'done' is written in the file's own
   * transaction, so a crash leaves both or neither; the parts go only once this claim recorded
   * the outcome.
   */
  async function finishClaimed(
    session: SignedInCaller,
    upload: { id: string; size?: number; metadata?: TusMetadata },
    claim: string,
  ): Promise<string> {
    const store = await loadDatastore();
    const { jobId, fields } = fieldsFromTusMetadata(upload.metadata);
    let ended = false;
    try {
      const prepared = await uploads.prepare(session, jobId, fields);
      const { file } = await uploads.ingest(session, prepared, store.read(upload.id), {
        size: upload.size,
        expectedSha256: fields.checksum,
        onCommit: async (tx, fileId) => {
          if (!(await tx.tusUploads.endClaimed(upload.id, claim, 'done', { fileId }, clock()))) {
            throw new FinishTakenOver();
          }
        },
      });
      ended = true;
      return file.id;
    } catch (error) {
      if (!(error instanceof FinishTakenOver)) {
        ended = await repo.endClaimed(upload.id, claim, 'failed', { error: publicReason(error) }, clock());
      }
      throw error;
    } finally {
      if (ended) await store.removeParts(upload.id).catch(() => undefined);
    }
  }

  return {
    /** The datastore the tus protocol runs over. */
    datastore: loadDatastore,

    /**
     * Creation: the quota and every other check that needs no bytes, from Upload-Length, before
     * any is sent. Answers the metadata to keep: the owner is recorded by the server, over
     * anything the client sent under that key.
     */
    async begin(
      session: SignedInCaller,
      upload: { metadata?: TusMetadata; size?: number },
    ): Promise<TusMetadata> {
      const { jobId, fields } = fieldsFromTusMetadata(upload.metadata);
      await uploads.prepare(session, jobId, fields, upload.size);
      return { ...upload.metadata, user_id: session.userId };
    },

    /**
     * The last byte arrived: the parts, in order, go through the ingest (hash, checksum, content,
     * file row, usage, serial). Answers the new file's id; a failure is kept as the outcome too.
     */
    async finish(
      session: SignedInCaller,
      upload: { id: string; size?: number; metadata?: TusMetadata },
    ): Promise<string> {
      const claim = randomUUID();
      if (!(await repo.claimFinish(upload.id, claim, clock()))) throw conflict('upload is already finishing');
      return finishClaimed(session, upload, claim);
    },

    /**
     * Finishes the uploads whose last byte arrived but whose finishing a crash cut short (before
     * it began, or mid-ingest): their parts are still there, and no file was recorded, since the
     * outcome commits with the file. Run at start. In the scaled-out size another API process may
     * still be on one of them: it is taken over, and the claim keeps the two from both recording.
     */
    async resumeUnfinished(onError: (id: string, error: unknown) => void): Promise<number> {
      let resumed = 0;
      for (const id of await repo.unfinished()) {
        const claim = randomUUID();
        try {
          if (!(await repo.claimFinish(id, claim, clock(), { takeOver: true }))) continue;
          const row = await repo.find(id);
          const user = row ? await repos.users.findById(row.user_id) : undefined;
          if (!row || !user) continue;
          const session: SignedInCaller = {
            ...signedOutCaller(),
            userId: user.id,
            email: user.email,
            name: user.name,
            deviceId: '',
            isReadOnly: user.is_read_only === 1,
          };
          const metadata = JSON.parse(row.metadata) as TusMetadata;
          await finishClaimed(session, { id, size: row.size ?? undefined, metadata }, claim);
          resumed += 1;
        } catch (error) {
          onError(id, error);
        }
      }
      return resumed;
    },

    /** An upload belongs to the user who created it; anyone else is told it does not exist. */
    async assertOwnUpload(session: SignedInCaller, id: string): Promise<void> {
      const upload = await (await loadDatastore()).getUpload(id).catch(() => null);
      if (!upload || upload.metadata?.user_id !== session.userId) throw notFound();
    },

    /** How an upload ended, for a client that reloaded. */
    async outcome(session: SignedInCaller, id: string): Promise<TusUploadStatus> {
      const record = await repo.find(id);
      if (!record || record.user_id !== session.userId) throw notFound();
      if (record.status === 'done' && record.file_id) {
        const file = await files.getFileById(session.userId, record.file_id).catch(() => null);
        return file ? { status: 'done', file } : { status: 'failed', error: 'file was deleted' };
      }
      if (record.status === 'failed') return { status: 'failed', error: record.error ?? 'upload failed' };
      return { status: 'processing' };
    },

    /** Removes expired uploads and outcomes; loads nothing while there are none. */
    async sweepExpired(): Promise<void> {
      const cutoff = clock() - TUS_EXPIRY_MS;
      if ((await repo.stale(cutoff, cutoff)).length === 0) return;
      await (await loadDatastore()).deleteExpired();
    },
  };
}

export type ResumableUploadService = ReturnType<typeof createResumableUploadService>;
