import { createHash, type Hash, randomUUID } from 'node:crypto';
import { pipeline, type Readable, Transform, type TransformCallback } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@nordlys/contract/constants';
import type { FileRecord, UploadPolicy } from '@nordlys/contract/file';
import type { BlobStore } from '../blobs/blob-store';
import type { SignedInCaller } from '../domain/caller';
import { badRequest, DomainError, forbidden, outOfStorage } from '../domain/errors';
import { parseFilePath } from '../domain/file-path';
import { mediaKindOf, toEpochMs } from '../domain/file-type';
import { Permission } from '../domain/permission';
import { mimeOf } from '../domain/supported-extensions';
import { checkUploadSize, emptyFile, remainingSpace, tooLargeFile } from '../domain/upload-checks';
import { extractMetadata, sampleOfBlob, sampleSizesFor } from '../media/metadata';
import type { RepositoriesOf, TransactionRepositories } from '../store/repositories';
import type { ContentRow } from '../store/repositories/content.repository';
import type { FileWithContent } from '../store/repositories/file.repository';
import type { JobRow } from '../store/repositories/job.repository';
import type { AccessService } from './access.service';
import { type FileUrlSigner, metadataJson, toFileRecord } from './file.service';
import { type FileBookkeepingRepository, insertFile, type NewFileInput } from './file-bookkeeping';
import { fieldsFromForm, type UploadFields } from './upload-fields';

/** A part of a multipart upload as it arrives: a text field, or the file's bytes, still unread. */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; file: Readable };

export interface UploadServiceDeps {
  repos: RepositoriesOf<'contents' | 'tusUploads' | FileBookkeepingRepository>;
  blobs: BlobStore;
  access: AccessService;
  /** The media pipeline, told of each new content once it is committed. */
  media: { enqueueContent(sha256: string): void };
  signer: FileUrlSigner | null;
  maxSpaceOf(userId: string): Promise<number>;
  clock: () => number;
}

/** Where an upload's bytes go before their checksum is known; recorded as the content's blob_key. */
export const incomingBlobKey = (id: string) => `content/${id.slice(0, 2)}/${id}`;

/**
 * Hashes and counts the bytes as they pass, and stops the stream once a limit is crossed. The hash
 * is node:crypto's, on this thread: with the CPU's SHA instructions it keeps ahead of the disk, and
 * a chunk is hashed before it passes on, so the store may free it once written.
 * (A hashing thread needed a copy of every chunk and a message per megabyte; the copies' memory
 * outside V8's heap made garbage collection dearer than the hashing it moved.)
 */
class IngestMeter extends Transform {
  private bytes = 0;
  readonly checksum: Hash = createHash('sha256');

  constructor(private readonly limit: { bytes: number; error: () => Error }) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit.bytes) {
      callback(this.limit.error());
      return;
    }
    this.checksum.update(chunk);
    callback(null, chunk);
  }
}

export interface PreparedUpload {
  job: JobRow;
  file: Omit<NewFileInput, 'parsed'> & { parsed: ReturnType<typeof parseFilePath> };
  policy: UploadPolicy;
  remaining: number;
}

/** Bytes in the blob store, hashed and read, not yet recorded. */
export interface StagedUpload {
  prepared: PreparedUpload;
  content: Omit<ContentRow, 'created_at'>;
}

export interface StageOptions {
  signal?: AbortSignal;
  size?: number;
  expectedSha256?: string;
  /** Told of each chunk of the body once it is hashed and stored (BlobPutOptions.onChunkStored). */
  onChunkStored?: (chunk: Buffer) => void;
}

export interface ReceiveOptions extends Pick<StageOptions, 'signal' | 'onChunkStored'> {
  minimumFileSize?: number;
}

/**
 * Work that commits with the new file or rolls it back: the file's row is written, not yet
 * visible. It is given the upload records only (a resumable upload ends its own in the transaction).
 */
export type OnCommit = (tx: Pick<TransactionRepositories, 'tusUploads'>, fileId: string) => Promise<void>;

export function createUploadService(deps: UploadServiceDeps) {
  const { repos, blobs, access, media, signer, clock } = deps;

  /**
   * Every check that needs no bytes, in core.md §5's order after the caller's rights: the job
   * (404 / 410), the path (FileIsFolder, bad paths), then the declared size (TooLargeFile, Out of
   * storage). Runs before a byte is read.
   */
  async function prepare(
    session: SignedInCaller,
    jobIdParam: string,
    fields: UploadFields,
    declaredSize?: number,
  ) {
    if (session.isReadOnly) throw forbidden('read_only_user');
    const { job } = await access.requireAccess(session, Permission.JobUpload, jobIdParam);
    const parsed = parseFilePath(fields.path);
    if (fields.mtime === undefined || !Number.isFinite(fields.mtime) || fields.mtime < 0) {
      throw badRequest('mtime is required (epoch seconds or milliseconds)');
    }
    const mtimeMs = toEpochMs(fields.mtime);
    const ctimeMs =
      fields.ctime !== undefined && Number.isFinite(fields.ctime) ? toEpochMs(fields.ctime) : mtimeMs;
    const used = (await repos.usage.usageOf(session.userId)).usedSpace;
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
        ...(fields.takenAt !== undefined ? { takenAtMs: toEpochMs(fields.takenAt) } : {}),
        groupType: fields.groupType ?? null,
        groupId: fields.groupId || null,
        isMaster: fields.master ?? false,
      },
    };
    return prepared;
  }

  /**
   * Streams `body` into the blob store while hashing and reads its metadata; nothing is recorded
   * yet. The caller then commits it (content, file, usage and the job's change in one transaction)
   * or discards it. On any failure here (abort, truncated body, over quota) the staged blob is
   * already deleted.
   */
  async function stage(
    prepared: PreparedUpload,
    body: NodeJS.ReadableStream,
    opts: StageOptions = {},
  ): Promise<StagedUpload> {
    const stagedKey = incomingBlobKey(randomUUID());
    const { parsed } = prepared.file;
    // The quota is enforced as bytes arrive, so a body without a declared size cannot overrun it.
    const kindHint = mediaKindOf(parsed.extension, null);
    const meter = new IngestMeter(
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
        onChunkStored: opts.onChunkStored,
      });
      staged = true;
      if (size === 0) throw emptyFile();
      const sha256 = meter.checksum.digest('hex');
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
      const content: Omit<ContentRow, 'created_at'> = {
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
      };
      staged = false;
      return { prepared, content };
    } catch (error) {
      // A body cut off mid-way (truncated multipart, client gone) is the client's failure, not ours.
      if (sourceFailed && !(error instanceof DomainError))
        throw badRequest('file is incomplete: the upload was cut off');
      throw error;
    } finally {
      if (staged) await blobs.delete(stagedKey).catch(() => undefined);
    }
  }

  /** Deletes a staged upload's bytes: the request that brought them was refused. */
  async function discard(upload: StagedUpload): Promise<void> {
    await blobs.delete(upload.content.blob_key).catch(() => undefined);
  }

  /**
   * Records a staged upload. If the bytes already existed (or the commit fails), the staged blob
   * is deleted, so no second copy and no blob without a row stays behind.
   */
  async function record(
    session: SignedInCaller,
    upload: StagedUpload,
    onCommit?: OnCommit,
  ): Promise<{ file: FileWithContent; created: boolean }> {
    let keepBlob = false;
    try {
      const at = clock();
      const outcome = await commit(
        session,
        upload.prepared,
        { ...upload.content, created_at: at },
        at,
        onCommit,
      );
      if (outcome.contentCreated) {
        keepBlob = true;
        media.enqueueContent(upload.content.sha256);
      }
      const file = await repos.files.findById(outcome.fileId);
      if (!file) throw new Error('committed file not found');
      return { file, created: outcome.created };
    } finally {
      if (!keepBlob) await discard(upload);
    }
  }

  /** Stage and record in one go: bytes that need no other part of the request to be accepted. */
  async function ingest(
    session: SignedInCaller,
    prepared: PreparedUpload,
    body: NodeJS.ReadableStream,
    opts: StageOptions & { onCommit?: OnCommit } = {},
  ): Promise<{ file: FileWithContent; created: boolean }> {
    return record(session, await stage(prepared, body, opts), opts.onCommit);
  }

  async function commit(
    session: SignedInCaller,
    prepared: PreparedUpload,
    candidate: ContentRow,
    at: number,
    onCommit: OnCommit = async () => {},
  ) {
    // Read outside the transaction: SQLite has one connection, and the transaction holds it.
    const maxSpace = await deps.maxSpaceOf(session.userId);
    return repos.transaction(async (tx) => {
      if (prepared.policy === 'no_duplicates') {
        const existing = await tx.files.findByPathAndContent(
          prepared.job.id,
          prepared.file.parsed.path,
          candidate.sha256,
        );
        if (existing) {
          await onCommit(tx, existing.id);
          return { fileId: existing.id, created: false, contentCreated: false };
        }
      }
      const { content, created: contentCreated } = await tx.contents.addRef(candidate);
      const { fileId, isNewToUser } = await insertFile(tx, {
        job: prepared.job,
        userId: session.userId,
        content,
        file: prepared.file,
        at,
      });
      if (isNewToUser) {
        // Checked again against the committed total: parallel uploads must not overrun the quota.
        const { usedSpace } = await tx.usage.usageOf(session.userId);
        if (usedSpace > maxSpace) throw outOfStorage();
      }
      await onCommit(tx, fileId);
      return { fileId, created: true, contentCreated };
    });
  }

  /**
   * A multipart upload: the text fields, then the file part, streamed through the ingest. Before a
   * byte of the file is read, the fields are checked and, from `minimumFileSize` (the least the
   * declared length can hold), the size limits. With a `checksum` field, bytes that hash otherwise
   * are refused after they arrive, and nothing of them is kept.
   */
  async function receive(
    session: SignedInCaller,
    jobIdParam: string,
    parts: AsyncIterable<UploadPart>,
    opts: ReceiveOptions = {},
  ): Promise<{ file: FileRecord; created: boolean }> {
    const raw: Record<string, string> = {};
    // Recorded only once the whole request has been read: a part after the file (a second file,
    // a field over the limits) refuses the request, and a refused request stores nothing.
    let staged: StagedUpload | null = null;
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (!staged) raw[part.fieldname] = String(part.value);
          continue;
        }
        if (staged) {
          part.file.resume();
          throw badRequest('only one file part is allowed');
        }
        staged = await stageFilePart(session, jobIdParam, raw, part, opts);
      }
    } catch (error) {
      if (staged) await discard(staged);
      throw error;
    }
    if (!staged) throw badRequest('file is required');
    const result = await record(session, staged);
    return { file: toFileRecord(result.file, signer), created: result.created };
  }

  async function stageFilePart(
    session: SignedInCaller,
    jobIdParam: string,
    raw: Record<string, string>,
    part: Extract<UploadPart, { type: 'file' }>,
    opts: ReceiveOptions,
  ): Promise<StagedUpload> {
    // Failures are read by the ingest; until it runs, an early one must not go unhandled.
    part.file.on('error', () => undefined);
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw badRequest(`unexpected file part '${part.fieldname}' (expected 'file')`);
    }
    if (raw.path === undefined) {
      part.file.resume();
      throw badRequest('path is required (text fields must come before the file part)');
    }
    const fields = fieldsFromForm(raw);
    const prepared = await prepare(session, jobIdParam, fields).catch((error) => {
      part.file.resume();
      throw error;
    });
    if (opts.minimumFileSize !== undefined && opts.minimumFileSize > prepared.remaining) {
      part.file.resume();
      await prepare(session, jobIdParam, fields, opts.minimumFileSize);
    }
    return stage(prepared, part.file, {
      signal: opts.signal,
      expectedSha256: fields.checksum,
      onChunkStored: opts.onChunkStored,
    });
  }

  return { prepare, ingest, receive };
}

export type UploadService = ReturnType<typeof createUploadService>;
