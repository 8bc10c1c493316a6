import type { CastItemReply } from '@nordlys/contract/cast-item';
import { CAST_DEFAULT_DURATION_MS } from '@nordlys/contract/cast-messages';
import type { EncodingStatus, FileMetadata, FileRecord } from '@nordlys/contract/file';
import type { TimelineTiles } from '@nordlys/contract/timeline-tiles';
import type { Caller, SignedInCaller } from '../domain/caller';
import { encodingStatusOf } from '../domain/encoding-status';
import { forbidden, notFound, unprocessable } from '../domain/errors';
import { Permission } from '../domain/permission';
import type { MediaUrls } from '../media/media-urls';
import type { MediaMetadata } from '../media/metadata';
import type { RepositoriesOf } from '../store/repositories';
import type { FileRecordSource } from '../store/repositories/file.repository';
import type { TileColumnsJson } from '../store/repositories/tile.repository';
import type { AccessService } from './access.service';
import { type FileBookkeepingRepository, trashFile } from './file-bookkeeping';

/** The media side signs the URLs; absent, a record carries nulls and the client shows placeholders. */
export type FileUrlSigner = Pick<MediaUrls, 'fileUrls' | 'jobSignature' | 'currentExpiry' | 'origin'>;

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
    thumbURLTile: urls?.thumbURLTile ?? null,
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

export interface FileServiceDeps {
  repos: RepositoriesOf<FileBookkeepingRepository>;
  access: AccessService;
  clock: () => number;
  signer: (FileUrlSigner & Pick<MediaUrls, 'castUrl'>) | null;
}

export function createFileService({ repos, access, clock, signer }: FileServiceDeps) {
  const { files } = repos;

  async function requireFileInJob(reader: Caller, jobIdParam: string, fileId: string) {
    const { job } = await access.requireAccess(reader, Permission.JobRead, jobIdParam);
    const file = await files.findById(fileId);
    if (!file || file.job_id !== job.id || file.deleted_at != null) throw notFound();
    return { job, file };
  }

  return {
    async getFile(reader: Caller, jobIdParam: string, fileId: string): Promise<FileRecord> {
      const { file } = await requireFileInJob(reader, jobIdParam, fileId);
      return toFileRecord(file, signer);
    },

    /** A file the caller uploaded, wherever it is (a resumable upload's result). */
    async getFileById(userId: string, fileId: string): Promise<FileRecord> {
      const file = await files.findById(fileId);
      if (!file || file.user_id !== userId || file.deleted_at != null) throw notFound();
      return toFileRecord(file, signer);
    },

    /**
     * A file for a TV receiver (account.md §4): a picture as JPEG, a movie's web encode, by a URL
     * signed for this file only. The caller must be able to read the file; documents cannot be cast.
     */
    async castItem(reader: Caller, jobIdParam: string, fileId: string): Promise<CastItemReply> {
      const { file } = await requireFileInJob(reader, jobIdParam, fileId);
      if (file.media_kind === 'document' || !signer) throw unprocessable('file cannot be cast');
      return {
        url: signer.castUrl({ fileId: file.id, jobId: file.job_id, mediaKind: file.media_kind }),
        fileID: file.id,
        jobID: file.job_id,
        type: file.media_kind === 'movie' ? 'video/mp4' : 'image/jpeg',
        duration: CAST_DEFAULT_DURATION_MS,
      };
    },

    async encodingStatus(reader: Caller, jobIdParam: string, fileId: string): Promise<EncodingStatus> {
      const { file } = await requireFileInJob(reader, jobIdParam, fileId);
      return encodingStatusOf(file.encode_status);
    },

    async metadata(reader: Caller, jobIdParam: string, name: string): Promise<FileMetadata> {
      const { job } = await access.requireAccess(reader, Permission.JobRead, jobIdParam);
      const live = await files.findByPath(job.id, name);
      const file = live ?? (await files.findTrashedByPath(job.id, name));
      if (!file) throw notFound('deleted');
      const meta = (file.metadata ? JSON.parse(file.metadata) : {}) as Partial<Record<string, unknown>>;
      const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
      const str = (v: unknown) => (typeof v === 'string' ? v : null);
      const gps = meta.gps as MediaMetadata['gps'] | undefined;
      return {
        existence: live && job.deleted_at == null ? 'exists' : 'trashed',
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
     * Moves the file to the trash (restored and purged from there by the file actions) with
     * usage, counters and the job's change in one transaction. The job's owner or the file's
     * uploader may delete; another reader of the job gets 403, anyone else 404 (or the album's
     * refusal). Answers the caller's used_space after the deletion.
     */
    async deleteFile(
      session: SignedInCaller,
      jobIdParam: string,
      fileId: string,
    ): Promise<{ usedSpace: number }> {
      const { job } = await access.requireAccess(session, Permission.JobRead, jobIdParam);
      const file = await files.findById(fileId);
      if (!file || file.job_id !== job.id || file.deleted_at != null) throw notFound();
      if (job.owner_id !== session.userId && file.user_id !== session.userId) throw forbidden();
      const at = clock();
      await repos.transaction((tx) => trashFile(tx, { ...file, job }, at));
      const { usedSpace } = await repos.usage.usageOf(session.userId);
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
