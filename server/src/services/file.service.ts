import { randomUUID } from 'node:crypto';
import type { EncodingStatus, FileMetadata, FileRecord, GroupType } from '@nordlys/contract/file';
import type { TimelineTiles } from '@nordlys/contract/timeline-tiles';
import { encodingStatusOf } from '../domain/encoding-status';
import { forbidden, notFound } from '../domain/errors';
import type { ParsedPath } from '../domain/file-path';
import { fileTypeOf, isScreenshotName } from '../domain/file-type';
import type { MediaUrls } from '../media/media-urls';
import type { MediaMetadata } from '../media/metadata';
import type { Database } from '../store/database';
import { ChangeType, createChangeRepository } from '../store/repositories/change.repository';
import type { ContentRow } from '../store/repositories/content.repository';
import {
  createFileRepository,
  type FileRecordSource,
  type FileRow,
  type FileWithContent,
} from '../store/repositories/file.repository';
import type { JobRow } from '../store/repositories/job.repository';
import type { TileColumnsJson } from '../store/repositories/tile.repository';
import { createUsageRepository, type UsageDelta } from '../store/repositories/usage.repository';
import type { FileType } from '../store/schema';
import type { JobService } from './job.service';

/** The media side signs the URLs; absent, a record carries nulls and the client shows placeholders. */
export type FileUrlSigner = Pick<MediaUrls, 'fileUrls' | 'jobSignature' | 'currentExpiry' | 'origin'>;

/** Implemented by the media processing (thumbnails, encodes); called once a file is committed. */
export interface MediaProcessing {
  enqueueContent(sha256: string): void;
}

const seconds = (ms: number) => Math.floor(ms / 1000);
const durationSeconds = (ms: number | null) => (ms ? Math.round(Number(ms) / 1000) : 0);

/** The one place a stored file becomes the wire FileRecord. */
export function toFileRecord(file: FileRecordSource, signer: FileUrlSigner | null): FileRecord {
  const isMovie = file.file_type === 'Movies';
  const urls = signer?.fileUrls({
    fileId: file.id,
    jobId: file.job_id,
    mediaKind: file.media_kind,
  });
  return {
    fileID: file.id,
    jobID: file.job_id,
    path: file.path,
    fileName: file.file_name,
    size: Number(file.size),
    ctime: seconds(Number(file.ctime)),
    mtime: seconds(Number(file.mtime)),
    timestamp: seconds(Number(file.taken_at)),
    uploadedTime: seconds(Number(file.uploaded_at)),
    checksum: file.content_sha256,
    duration: durationSeconds(file.duration_ms),
    user_uuid: file.user_id,
    file_type: file.file_type,
    is_screenshot: Boolean(file.is_screenshot),
    group_type: file.group_type,
    group_id: file.group_id,
    master: file.is_master ? '1' : '0',
    width: file.width == null ? null : Number(file.width),
    height: file.height == null ? null : Number(file.height),
    ...(isMovie ? { encodingStatus: encodingStatusOf(file.encode_status) } : {}),
    thumbURLSmall: urls?.thumbURLSmall ?? null,
    thumbURLLarge: urls?.thumbURLLarge ?? null,
    thumbhash: file.thumbhash,
    previewURL: urls?.previewURL ?? null,
    ...(isMovie ? { videoURL: urls?.videoURL ?? null } : {}),
  };
}

/**
 * The one place stored files become a tile listing: the TimelineTiles JSON text, assembled
 * around the columns the database built (see TileColumnsJson), with the job's media grant and
 * each file's uploader index added here.
 */
export function toTimelineTilesJson(
  job: { id: string; ownerId: string },
  columns: TileColumnsJson,
  signer: FileUrlSigner | null,
): string {
  const uploaders = JSON.parse(columns.uploader) as (string | null)[];
  const exp = signer?.currentExpiry() ?? 0;
  const users: string[] = [];
  const userIndex = new Map<string, number>();
  const user: number[] = uploaders.map((uploader) => {
    const userId = uploader ?? job.ownerId;
    let index = userIndex.get(userId);
    if (index === undefined) {
      index = users.push(userId) - 1;
      userIndex.set(userId, index);
    }
    return index;
  });
  const head: Pick<TimelineTiles, 'jobID' | 'origin' | 'exp' | 'sig' | 'users' | 'user'> = {
    jobID: job.id,
    origin: signer?.origin ?? '',
    exp,
    sig: signer ? signer.jobSignature(job.id, exp) : null,
    users,
    user,
  };
  // Every other column goes out as the database built it.
  const { uploader: _indexed, ...built } = columns;
  const sent: Record<Exclude<keyof TimelineTiles, keyof typeof head>, string> = built;
  const rest = Object.entries(sent)
    .map(([key, json]) => `,${JSON.stringify(key)}:${json}`)
    .join('');
  return `${JSON.stringify(head).slice(0, -1)}${rest}}`;
}

/** What a new file row needs besides its content. */
export interface NewFileInput {
  parsed: ParsedPath;
  mtimeMs: number;
  ctimeMs: number;
  groupType: GroupType | null;
  groupId: string | null;
  isMaster: boolean;
}

/** Per-file-type counter of the timeline stats; screenshots are counted apart from other pictures. */
function counterDelta(fileType: FileType, isScreenshot: boolean, sign: 1 | -1): UsageDelta {
  if (isScreenshot) return { screenshot_count: sign };
  if (fileType === 'Pictures') return { picture_count: sign };
  if (fileType === 'Movies') return { video_count: sign };
  return { document_count: sign };
}

/**
 * Inserts a file over an already-recorded content, with everything that must change with it:
 * the user's content reference and used_space, the timeline counters, the job's serial and its
 * change row. `db` must be a transaction that also took the content reference.
 */
export async function insertFileInTransaction(
  trx: Database,
  input: { job: JobRow; userId: string; content: ContentRow; file: NewFileInput; at: number },
): Promise<{ fileId: string; isNewToUser: boolean }> {
  const { job, userId, content, file, at } = input;
  const usage = createUsageRepository(trx);
  const fileType = fileTypeOf(file.parsed.extension, content.duration_ms);
  const isScreenshot = fileType === 'Pictures' && isScreenshotName(file.parsed.fileName);
  const row: FileRow = {
    id: randomUUID(),
    job_id: job.id,
    content_sha256: content.sha256,
    user_id: userId,
    path: file.parsed.path,
    file_name: file.parsed.fileName,
    extension: file.parsed.extension,
    size: Number(content.size),
    mtime: file.mtimeMs,
    ctime: file.ctimeMs,
    taken_at: content.taken_at != null ? Number(content.taken_at) : file.mtimeMs,
    uploaded_at: at,
    file_type: fileType,
    is_screenshot: isScreenshot ? 1 : 0,
    group_type: file.groupType,
    group_id: file.groupId,
    is_master: file.isMaster ? 1 : 0,
    deleted_at: null,
  };
  await createFileRepository(trx).insert(row);
  const { isNewToUser } = await usage.addContentRef(userId, content.sha256, Number(content.size));
  if (job.type === 'timeline') await usage.addDelta(job.owner_id, counterDelta(fileType, isScreenshot, 1));
  await createChangeRepository(trx).append(job.id, {
    type: ChangeType.fileAdded,
    entityId: row.id,
    fields: { path: row.path, checksum: row.content_sha256 },
    at,
  });
  return { fileId: row.id, isNewToUser };
}

export interface FileServiceDeps {
  db: Database;
  jobs: JobService;
  clock: () => number;
  signer: FileUrlSigner | null;
}

export function createFileService({ db, jobs, clock, signer }: FileServiceDeps) {
  const files = createFileRepository(db);

  async function requireFileInJob(userId: string, jobIdParam: string, fileId: string) {
    const job = await jobs.requireReadableJob(userId, jobIdParam);
    const file = await files.findById(fileId);
    if (!file || file.job_id !== job.id || file.deleted_at != null) throw notFound();
    return { job, file };
  }

  return {
    toRecord: (file: FileWithContent) => toFileRecord(file, signer),

    async getFile(userId: string, jobIdParam: string, fileId: string): Promise<FileRecord> {
      const { file } = await requireFileInJob(userId, jobIdParam, fileId);
      return toFileRecord(file, signer);
    },

    /** A file the caller uploaded, wherever it is (a resumable upload's result). */
    async getFileById(userId: string, fileId: string): Promise<FileRecord> {
      const file = await files.findById(fileId);
      if (!file || file.user_id !== userId || file.deleted_at != null) throw notFound();
      return toFileRecord(file, signer);
    },

    async encodingStatus(userId: string, jobIdParam: string, fileId: string): Promise<EncodingStatus> {
      const { file } = await requireFileInJob(userId, jobIdParam, fileId);
      return encodingStatusOf(file.encode_status);
    },

    async metadata(userId: string, jobIdParam: string, name: string): Promise<FileMetadata> {
      const job = await jobs.requireReadableJob(userId, jobIdParam);
      const file = await files.findByPath(job.id, name);
      if (!file) throw notFound();
      const meta = (file.metadata ? JSON.parse(file.metadata) : {}) as Partial<Record<string, unknown>>;
      const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
      const str = (v: unknown) => (typeof v === 'string' ? v : null);
      const gps = meta.gps as MediaMetadata['gps'] | undefined;
      return {
        deviceManufacturer: str(meta.make),
        deviceModel: str(meta.model),
        iso: num(meta.iso),
        aperture: num(meta.aperture),
        exposure: str(meta.exposure),
        focalLength: num(meta.focal_length),
        width: file.width == null ? null : Number(file.width),
        height: file.height == null ? null : Number(file.height),
        timestamp: seconds(Number(file.taken_at)),
        duration: durationSeconds(file.duration_ms),
        ...(gps ? { gps } : {}),
      };
    },

    /**
     * Marks the file deleted (the trash issue restores and purges from there) with usage, counters
     * and the job's change in one transaction. The job's owner or the file's uploader may delete.
     * Answers the caller's used_space after the deletion.
     */
    async deleteFile(userId: string, jobIdParam: string, fileId: string): Promise<{ usedSpace: number }> {
      const file = await files.findById(fileId);
      const job =
        jobIdParam === 'default' ? await jobs.ensureTimeline(userId) : await jobs.findById(jobIdParam);
      if (!job || !file || file.job_id !== job.id || file.deleted_at != null) throw notFound();
      const mayDelete = job.owner_id === userId || file.user_id === userId;
      if (!mayDelete) {
        // Someone who cannot see the job learns nothing about it.
        if (job.owner_id !== userId) throw notFound();
        throw forbidden();
      }
      const at = clock();
      await db.transaction().execute(async (trx) => {
        if (!(await createFileRepository(trx).markDeleted(file.id, at))) return;
        const usage = createUsageRepository(trx);
        await usage.removeContentRef(file.user_id, file.content_sha256, Number(file.size));
        if (job.type === 'timeline') {
          await usage.addDelta(job.owner_id, counterDelta(file.file_type, Boolean(file.is_screenshot), -1));
        }
        await createChangeRepository(trx).append(job.id, {
          type: ChangeType.fileRemoved,
          entityId: file.id,
          fields: null,
          at,
        });
      });
      const { usedSpace } = await createUsageRepository(db).usageOf(userId);
      return { usedSpace };
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;

export const metadataJson = (meta: MediaMetadata): string =>
  JSON.stringify({
    make: meta.make,
    model: meta.model,
    iso: meta.iso,
    aperture: meta.aperture,
    exposure: meta.exposure,
    focal_length: meta.focalLength,
    gps: meta.gps,
  });
