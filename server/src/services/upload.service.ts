import { randomUUID } from 'node:crypto';
import { pipeline, type Readable, Transform, type TransformCallback } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@nordlys/contract/constants';
import type { UploadPolicy } from '@nordlys/contract/file';
import type { BlobStore } from '../blobs/blob-store';
import { badRequest, DomainError, forbidden, outOfStorage } from '../domain/errors';
import { parseFilePath } from '../domain/file-path';
import { mediaKindOf, toEpochMs } from '../domain/file-type';
import { mimeOf } from '../domain/supported-extensions';
import { checkUploadSize, emptyFile, remainingSpace, tooLargeFile } from '../domain/upload-checks';
import { extractMetadata, sampleOfBlob, sampleSizesFor } from '../media/metadata';
import type { Database } from '../store/database';
import { type ContentRow, createContentRepository } from '../store/repositories/content.repository';
import { createFileRepository, type FileWithContent } from '../store/repositories/file.repository';
import type { JobRow } from '../store/repositories/job.repository';
import { createUsageRepository } from '../store/repositories/usage.repository';
import type { Session } from './auth.service';
import {
  insertFileInTransaction,
  type MediaProcessing,
  metadataJson,
  type NewFileInput,
} from './file.service';
import type { JobService } from './job.service';
import type { Sha256Thread, StreamingSha256 } from './sha256-thread';

/** Fields that come with the bytes (multipart text fields or tus Upload-Metadata), still unchecked. */
export interface UploadFields {
  path: string | undefined;
  mtime: number | undefined;
  ctime?: number;
  policy?: UploadPolicy;
  groupType?: 'live' | 'burst' | null;
  groupId?: string | null;
  master?: boolean;
}

export interface UploadServiceDeps {
  db: Database;
  blobs: BlobStore;
  jobs: JobService;
  media: MediaProcessing;
  checksums: Sha256Thread;
  maxSpaceOf(userId: string): Promise<number>;
  clock: () => number;
}

/** Where an upload's bytes go before their checksum is known; recorded as the content's blob_key. */
export const incomingBlobKey = (id: string) => `content/${id.slice(0, 2)}/${id}`;

/** Hashes and counts the bytes as they pass, and stops the stream once a limit is crossed. */
class IngestMeter extends Transform {
  private bytes = 0;

  constructor(
    readonly checksum: StreamingSha256,
    private readonly limit: { bytes: number; error: () => Error },
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit.bytes) {
      callback(this.limit.error());
      return;
    }
    let behind: Promise<void> | undefined;
    try {
      behind = this.checksum.update(chunk);
    } catch (error) {
      callback(error as Error);
      return;
    }
    if (behind) behind.then(() => callback(null, chunk));
    else callback(null, chunk);
  }
}

export interface PreparedUpload {
  job: JobRow;
  file: Omit<NewFileInput, 'parsed'> & { parsed: ReturnType<typeof parseFilePath> };
  policy: UploadPolicy;
  remaining: number;
}

export function createUploadService(deps: UploadServiceDeps) {
  const { db, blobs, jobs, media, checksums, clock } = deps;

  /**
   * Every check that needs no bytes, in core.md §5's order after the caller's rights: the job
   * (404 / 410), the path (FileIsFolder, bad paths), then the declared size (TooLargeFile, Out of
   * storage). Runs before a byte is read.
   */
  async function prepare(session: Session, jobIdParam: string, fields: UploadFields, declaredSize?: number) {
    if (session.isReadOnly) throw forbidden('read_only_user');
    const job = await jobs.requireWritableJob(session.userId, jobIdParam);
    const parsed = parseFilePath(fields.path);
    if (fields.mtime === undefined || !Number.isFinite(fields.mtime) || fields.mtime < 0) {
      throw badRequest('mtime is required (epoch seconds or milliseconds)');
    }
    const mtimeMs = toEpochMs(fields.mtime);
    const ctimeMs =
      fields.ctime !== undefined && Number.isFinite(fields.ctime) ? toEpochMs(fields.ctime) : mtimeMs;
    const used = (await createUsageRepository(db).usageOf(session.userId)).usedSpace;
    const remaining = remainingSpace(await deps.maxSpaceOf(session.userId), used);
    if (declaredSize !== undefined) {
      if (declaredSize === 0) throw emptyFile();
      checkUploadSize(declaredSize, remaining);
    }
    const prepared: PreparedUpload = {
      job,
      policy: fields.policy ?? 'keep_both',
      remaining,
      file: {
        parsed,
        mtimeMs,
        ctimeMs,
        groupType: fields.groupType ?? null,
        groupId: fields.groupId || null,
        isMaster: fields.master ?? false,
      },
    };
    return prepared;
  }

  /**
   * Streams `body` into the blob store while hashing, then records content, file, usage and the
   * job's change in one transaction. Nothing is visible until that commit; on any failure (abort,
   * truncated body, over quota) the staged blob is deleted and no row exists.
   */
  async function ingest(
    session: Session,
    prepared: PreparedUpload,
    body: NodeJS.ReadableStream,
    opts: { signal?: AbortSignal; size?: number; expectedSha256?: string } = {},
  ): Promise<{ file: FileWithContent; created: boolean }> {
    const uploadId = randomUUID();
    const stagedKey = incomingBlobKey(uploadId);
    const { parsed } = prepared.file;
    // The quota is enforced as bytes arrive, so a body without a declared size cannot overrun it.
    const kindHint = mediaKindOf(parsed.extension, null);
    const meter = new IngestMeter(
      checksums.begin(),
      prepared.remaining < MAX_UPLOAD_BYTES
        ? { bytes: prepared.remaining, error: () => outOfStorage() }
        : { bytes: MAX_UPLOAD_BYTES, error: () => tooLargeFile() },
    );
    const source = body as Readable;
    // The source may already have failed (a truncated body parsed before this call).
    let sourceFailed = source.errored != null;
    source.once('error', () => {
      sourceFailed = true;
    });
    // pipeline, unlike pipe, passes a source error on to the meter, so the blob write never waits forever.
    pipeline(source, meter, () => undefined);
    let staged = false;
    try {
      const { size } = await blobs.put(stagedKey, meter, {
        signal: opts.signal,
        size: opts.size,
        contentType: mimeOf(parsed.extension),
      });
      staged = true;
      if (size === 0) throw emptyFile();
      const sha256 = await meter.checksum.digest();
      if (opts.expectedSha256 && opts.expectedSha256.toLowerCase() !== sha256) {
        throw badRequest('checksum does not match the uploaded bytes');
      }
      const storedFile = await blobs.localFile(stagedKey);
      const meta = await extractMetadata(
        kindHint,
        storedFile
          ? { file: storedFile }
          : await sampleOfBlob(blobs, stagedKey, size, sampleSizesFor(kindHint)),
      );
      const kind = mediaKindOf(parsed.extension, meta.durationMs);
      const at = clock();
      const candidate: ContentRow = {
        sha256,
        size,
        mime: mimeOf(parsed.extension),
        media_kind: kind,
        blob_key: stagedKey,
        width: meta.width,
        height: meta.height,
        duration_ms: meta.durationMs,
        taken_at: meta.takenAt,
        metadata: metadataJson(meta),
        ref_count: 1,
        thumb_status: kind === 'document' ? 'none' : 'pending',
        encode_status: kind === 'movie' ? 'pending' : 'none',
        thumbhash: null,
        created_at: at,
      };
      const outcome = await commit(session, prepared, candidate, at);
      if (outcome.contentCreated) {
        staged = false;
        media.enqueueContent(sha256);
      }
      const file = await createFileRepository(db).findById(outcome.fileId);
      if (!file) throw new Error('committed file not found');
      return { file, created: outcome.created };
    } catch (error) {
      // A body cut off mid-way (truncated multipart, client gone) is the client's failure, not ours.
      if (sourceFailed && !(error instanceof DomainError))
        throw badRequest('file is incomplete: the upload was cut off');
      throw error;
    } finally {
      meter.checksum.discard();
      // Bytes that were already stored (or a failed upload) leave no second copy behind.
      if (staged) await blobs.delete(stagedKey).catch(() => undefined);
    }
  }

  async function commit(session: Session, prepared: PreparedUpload, candidate: ContentRow, at: number) {
    // Read outside the transaction: SQLite has one connection, and the transaction holds it.
    const maxSpace = await deps.maxSpaceOf(session.userId);
    return db.transaction().execute(async (trx) => {
      if (prepared.policy === 'no_duplicates') {
        const existing = await createFileRepository(trx).findByPathAndContent(
          prepared.job.id,
          prepared.file.parsed.path,
          candidate.sha256,
        );
        if (existing) return { fileId: existing.id, created: false, contentCreated: false };
      }
      const { content, created: contentCreated } = await createContentRepository(trx).addRef(candidate);
      const { fileId, isNewToUser } = await insertFileInTransaction(trx, {
        job: prepared.job,
        userId: session.userId,
        content,
        file: prepared.file,
        at,
      });
      if (isNewToUser) {
        // Checked again against the committed total: parallel uploads must not overrun the quota.
        const { usedSpace } = await createUsageRepository(trx).usageOf(session.userId);
        if (usedSpace > maxSpace) throw outOfStorage();
      }
      return { fileId, created: true, contentCreated };
    });
  }

  return { prepare, ingest };
}

export type UploadService = ReturnType<typeof createUploadService>;
