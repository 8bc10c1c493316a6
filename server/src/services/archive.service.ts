import { ARCHIVE_LINK_TTL_SECONDS, type ArchiveLink, type ArchiveRequest } from '@nordlys/contract/archive';
import { API_BASE } from '@nordlys/contract/constants';
import type { BlobStore } from '../blobs/blob-store';
import {
  archiveFileName,
  asJpegName,
  createNameRegistry,
  entryPath,
  isHeicName,
} from '../domain/archive-names';
import type { Caller, SignedInCaller } from '../domain/caller';
import { forbidden, notFound, unauthenticated } from '../domain/errors';
import { Permission } from '../domain/permission';
import type { MediaUrls } from '../media/media-urls';
import type { ZipEntry } from '../media/zip-stream';
import type { Repositories } from '../store/repositories';
import type { ArchiveFileRow } from '../store/repositories/archive.repository';
import type { JobRow } from '../store/repositories/job.repository';
import type { AccessService } from './access.service';
import type { JobService } from './job.service';
import type { MediaDeliveryService } from './media-delivery.service';

/** What to send: the download name and the entries, opened one by one as the archive is written. */
export interface ArchivePlan {
  fileName: string;
  entries: ZipEntry[];
}

/** A minted link's query: `t` what it packs and for whom, `f` the file ids packed, `exp`, `sig`. */
export interface ArchiveLinkQuery {
  t?: string;
  f?: string;
  exp?: number;
  sig?: string;
}

/** A share as a signed archive link needs it: still live (the link's checks were made when it was minted). */
export interface ArchiveShareAccess {
  requireLive(shareId: string): Promise<{ id: string }>;
}

export interface ArchiveServiceDeps {
  repos: Pick<Repositories, 'archives'>;
  jobs: JobService;
  access: AccessService;
  shares: ArchiveShareAccess;
  blobs: BlobStore;
  media: Pick<MediaDeliveryService, 'jpegRendering'>;
  signer: Pick<MediaUrls, 'archiveSignature' | 'verify' | 'origin'>;
  clock: () => number;
}

const HEIC_MIME = /^image\/hei[cf]/;
const TRASH_SCOPE = 'trash';
/** Shares are shared files, not a job: a share link signs a scope of its own. */
const shareScope = (shareId: string) => `share:${shareId}`;
const SHARE_ARCHIVE_NAME = 'Shared files';
const INVALID_LINK = 'invalid signature';

/** File ids travel in a link as 16 bytes each: 500 of them fit a URL (about 11 kB). */
export function packIds(ids: readonly string[]): string {
  return Buffer.from(ids.map((id) => id.replace(/-/g, '')).join(''), 'hex').toString('base64url');
}

export function unpackIds(packed: string): string[] {
  const bytes = Buffer.from(packed, 'base64url');
  const ids: string[] = [];
  for (let at = 0; at + 16 <= bytes.length; at += 16) {
    const h = bytes.subarray(at, at + 16).toString('hex');
    ids.push(`${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`);
  }
  return ids;
}

/** Ids as stored: lower-case, dashed. */
const normalisedIds = (ids: readonly string[] | undefined) =>
  ids && unpackIds(packIds([...new Set(ids.map((id) => id.toLowerCase().replace(/-/g, '')))]));

/**
 * Archive downloads (core.md §7 files_as_archive; account.md §2 takeout). Access is checked first
 * and covers every file named: one file the caller may not read refuses the whole archive. A
 * link carries a signature over what it packs and who minted it, so a plain browser download can
 * follow it without an auth header for ten minutes.
 */
export function createArchiveService({
  repos,
  jobs,
  access,
  shares,
  blobs,
  media,
  signer,
  clock,
}: ArchiveServiceDeps) {
  function planOf(rows: ArchiveFileRow[], request: ArchiveRequest, fallbackName: string): ArchivePlan {
    const nameOf = createNameRegistry();
    const entries: ZipEntry[] = [];
    for (const row of rows) {
      if (request.master_only && row.group_type !== null && !row.is_master) continue;
      const path = entryPath(row.path, request.flattened ?? false);
      const asJpeg =
        (request.heic_to_jpeg ?? false) &&
        row.media_kind === 'picture' &&
        (HEIC_MIME.test(row.mime) || isHeicName(path));
      const content = { sha256: row.sha256, size: Number(row.size), blobKey: row.blob_key };
      entries.push({
        name: nameOf(asJpeg ? asJpegName(path) : path),
        mtime: new Date(Number(row.mtime)),
        ...(asJpeg ? {} : { size: content.size }),
        open: asJpeg
          ? () => media.jpegRendering(content)
          : (chunks) => blobs.get(row.blob_key, undefined, { chunks }),
      });
    }
    return { fileName: archiveFileName(request.zip_filename, fallbackName), entries };
  }

  /** Every file named must be among those found, or the archive is refused. */
  function requireAll(rows: ArchiveFileRow[], ids: readonly string[] | undefined): void {
    if (ids && rows.length !== ids.length) throw forbidden('not every file named can be downloaded');
  }

  async function readableJob(reader: Caller, jobIdParam: string, request: ArchiveRequest): Promise<JobRow> {
    if (request.mode === 'takeout' && reader.userId === null) throw unauthenticated();
    return (await access.requireAccess(reader, Permission.JobRead, jobIdParam)).job;
  }

  async function jobPlan(job: JobRow, request: ArchiveRequest): Promise<ArchivePlan> {
    const ids = normalisedIds(request.file_ids);
    const rows = await repos.archives.jobFiles(job.id, ids);
    requireAll(rows, ids);
    return planOf(rows, request, job.name);
  }

  async function trashPlan(userId: string, request: ArchiveRequest): Promise<ArchivePlan> {
    const ids = normalisedIds(request.file_ids);
    const rows = await repos.archives.trashFiles(userId, ids);
    requireAll(rows, ids);
    return planOf(rows, request, 'Trash');
  }

  async function sharePlan(shareId: string, request: ArchiveRequest): Promise<ArchivePlan> {
    const ids = normalisedIds(request.file_ids);
    const rows = await repos.archives.shareFiles(shareId, ids);
    requireAll(rows, ids);
    if (rows.length === 0) throw notFound();
    return planOf(rows, request, SHARE_ARCHIVE_NAME);
  }

  function mint(scope: string, userId: string | null, request: ArchiveRequest, path: string): ArchiveLink {
    const { file_ids, ...options } = request;
    const ids = normalisedIds(file_ids);
    const t = Buffer.from(JSON.stringify({ u: userId, o: options })).toString('base64url');
    const f = ids ? packIds(ids) : '';
    const expires = Math.floor(clock() / 1000) + ARCHIVE_LINK_TTL_SECONDS;
    const sig = signer.archiveSignature(`${scope}\n${t}\n${f}`, expires);
    const query = `t=${t}${f ? `&f=${f}` : ''}&exp=${expires}&sig=${sig}`;
    return { url: `${signer.origin}${API_BASE}${path}?${query}`, expires };
  }

  /** The minter and request a link carries, once its signature and expiry check out. */
  function opened(
    scope: string,
    query: ArchiveLinkQuery,
  ): { userId: string | null; request: ArchiveRequest } {
    const { t, f = '' } = query;
    if (!t || !signer.verify({ kind: 'archive', payload: `${scope}\n${t}\n${f}` }, query.exp, query.sig))
      throw forbidden(INVALID_LINK);
    const { u, o } = JSON.parse(Buffer.from(t, 'base64url').toString('utf8')) as {
      u: string | null;
      o: ArchiveRequest;
    };
    return { userId: u, request: f ? { ...o, file_ids: unpackIds(f) } : o };
  }

  return {
    /** A job's files (all, or those named) for a caller who may read them. */
    async forJob(reader: Caller, jobIdParam: string, request: ArchiveRequest): Promise<ArchivePlan> {
      return jobPlan(await readableJob(reader, jobIdParam, request), request);
    },

    /** The caller's trash, or the trashed files of it named. */
    forTrash(session: SignedInCaller, request: ArchiveRequest): Promise<ArchivePlan> {
      return trashPlan(session.userId, request);
    },

    /** A signed link to a job's archive, minted after the same checks as the archive itself. */
    async jobLink(reader: Caller, jobIdParam: string, request: ArchiveRequest): Promise<ArchiveLink> {
      const job = await readableJob(reader, jobIdParam, request);
      const ids = normalisedIds(request.file_ids);
      if (ids) requireAll(await repos.archives.jobFiles(job.id, ids), ids);
      return mint(job.id, reader.userId, request, `/jobs/${job.id}/files_as_archive`);
    },

    async trashLink(session: SignedInCaller, request: ArchiveRequest): Promise<ArchiveLink> {
      const ids = normalisedIds(request.file_ids);
      if (ids) requireAll(await repos.archives.trashFiles(session.userId, ids), ids);
      return mint(TRASH_SCOPE, session.userId, request, '/trash_can/files_as_archive');
    },

    /**
     * A job's archive by link. The signature stands for the checks made when it was minted; the
     * job must still be there for its minter (their own, or a live album), and its files named.
     */
    async forJobLink(jobIdParam: string, query: ArchiveLinkQuery): Promise<ArchivePlan> {
      const job = await jobs.findJob(jobIdParam);
      const { userId, request } = opened(job.id, query);
      const ownLive = userId !== null && job.owner_id === userId;
      if (!ownLive && (job.type !== 'story' || job.deleted_at != null)) throw notFound();
      return jobPlan(job, request);
    },

    /** A share's files (all, or those named) for a visitor who may open the share. */
    async forShare(viewer: Caller, shareId: string, request: ArchiveRequest): Promise<ArchivePlan> {
      const share = await access.requireAccess(viewer, Permission.ShareRead, shareId);
      return sharePlan(share.id, request);
    },

    /** A signed link to a share's archive, minted after the share's own checks (its password). */
    async shareLink(viewer: Caller, shareId: string, request: ArchiveRequest): Promise<ArchiveLink> {
      const share = await access.requireAccess(viewer, Permission.ShareRead, shareId);
      const ids = normalisedIds(request.file_ids);
      if (ids) requireAll(await repos.archives.shareFiles(share.id, ids), ids);
      return mint(shareScope(share.id), viewer.userId, request, `/shares/${share.id}/files_as_archive`);
    },

    /** A share's archive by link: the share must still be live; stopped or expired answers 404. */
    async forShareLink(shareId: string, query: ArchiveLinkQuery): Promise<ArchivePlan> {
      const share = await shares.requireLive(shareId);
      const { request } = opened(shareScope(share.id), query);
      return sharePlan(share.id, request);
    },

    async forTrashLink(query: ArchiveLinkQuery): Promise<ArchivePlan> {
      const { userId, request } = opened(TRASH_SCOPE, query);
      if (userId === null) throw forbidden(INVALID_LINK);
      return trashPlan(userId, request);
    },
  };
}

export type ArchiveService = ReturnType<typeof createArchiveService>;
