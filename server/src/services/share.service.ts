import { randomBytes } from 'node:crypto';
import { albumIdToB64 } from '@nordlys/contract/album-id';
import {
  type CreateShareReply,
  type EmailShareRequest,
  isEmailAddress,
  linkFor,
  type PublishRequest,
  SHARE_LINK_VALIDITY_MS,
  type Share,
  type ShareFile,
  sharePath,
  splitRecipients,
} from '@nordlys/contract/share';
import type { CopyFilesReply } from '@nordlys/contract/timeline';
import type { Caller, SignedInCaller } from '../domain/caller';
import { badRequest, conflict, forbidden, notFound } from '../domain/errors';
import { Permission } from '../domain/permission';
import { isShareLive } from '../domain/share-rules';
import { hashPassword } from '../identity/password';
import type { Mailer } from '../mail/mailer';
import { composeShareMail, type ShareMailInput } from '../mail/share-mail';
import type { MediaUrls } from '../media/media-urls';
import type { Repositories } from '../store/repositories';
import type { SharedFileRow, ShareRow } from '../store/repositories/share.repository';
import type { AccessService } from './access.service';
import { canReadFile, type FileActionsService } from './file-actions.service';
import type { JobService } from './job.service';

export interface ShareServiceDeps {
  repos: Pick<Repositories, 'shares' | 'users' | 'timeline'>;
  jobs: Pick<JobService, 'findJob'>;
  access: AccessService;
  fileActions: Pick<FileActionsService, 'copyToTimeline'>;
  signer: Pick<MediaUrls, 'shareFileUrls'>;
  mailer: Mailer;
  brand: string;
  clock: () => number;
}

/** Each recipient must be one valid address (core.md §5); the refusal names the field. */
function checkRecipients(recipients: readonly string[], field: string): string[] {
  const trimmed = recipients.map((r) => r.trim());
  trimmed.forEach((address, i) => {
    if (!isEmailAddress(address)) throw badRequest(`${field}/${i} is not an e-mail address`);
  });
  return [...new Set(trimmed)];
}

/**
 * Shares of files (core.md §3, §7): links that anyone holding them may open for 30 days, the
 * owner's stop, the link sent by e-mail, a share copied into a signed-in visitor's timeline, and
 * an album's link sent by its owner (`publish`).
 */
export function createShareService(deps: ShareServiceDeps) {
  const { repos, jobs, access, fileActions, signer, mailer, brand, clock } = deps;

  /** A live share, or 404 for unknown, stopped and expired ones alike. */
  async function liveShare(id: string): Promise<ShareRow> {
    const share = await repos.shares.find(id);
    if (!share || !isShareLive(share, clock())) throw notFound();
    return share;
  }

  const liveFiles = async (shareId: string): Promise<SharedFileRow[]> =>
    (await repos.shares.files(shareId)).filter((file) => file.deleted_at === null);

  function shareFile(shareId: string, file: SharedFileRow): ShareFile {
    const urls = signer.shareFileUrls(shareId, {
      fileId: file.id,
      jobId: file.job_id,
      mediaKind: file.media_kind,
    });
    return {
      fileID: file.id,
      path: file.path,
      mime: file.mime,
      size: file.size,
      duration: file.duration_ms === null ? null : Number(file.duration_ms) / 1000,
      width: file.width === null ? null : Number(file.width),
      height: file.height === null ? null : Number(file.height),
      thumbURLSmall: urls.thumbURLSmall,
      thumbURLLarge: urls.thumbURLLarge,
      downloadURL: urls.previewURL,
    };
  }

  /** A link by e-mail from the caller, in their language (core.md §7 send by e-mail, publish). */
  async function sendLink(
    session: SignedInCaller,
    recipients: string[],
    request: { subject: string; message?: string },
    link: string,
    what: ShareMailInput['what'],
  ): Promise<void> {
    const user = await repos.users.findById(session.userId);
    await mailer.send(
      composeShareMail({
        language: user?.language ?? null,
        brand,
        sender: { name: user?.name ?? session.name, email: user?.email ?? session.email },
        recipients,
        subject: request.subject,
        message: request.message,
        link: linkFor(link, 'email'),
        what,
      }),
    );
  }

  return {
    /** A live share, for a signed archive link whose checks were made when it was minted. */
    requireLive: liveShare,

    async create(
      session: SignedInCaller,
      request: { file_ids: string[]; password?: string },
      origin: string,
    ): Promise<CreateShareReply> {
      if (session.isReadOnly) throw forbidden('read_only_user');
      const ids = [...new Set(request.file_ids)];
      const found = new Map((await repos.timeline.findFilesWithJob(ids)).map((file) => [file.id, file]));
      ids.forEach((id, i) => {
        const file = found.get(id);
        // Another user's file answers like an unknown one, so ids cannot be probed.
        if (!file || !canReadFile(session, file)) throw notFound(`body.file_ids/${i} not found`);
      });
      const now = clock();
      const id = randomBytes(16).toString('base64url');
      await repos.shares.insert(
        {
          id,
          owner_id: session.userId,
          created_at: now,
          expires_at: now + SHARE_LINK_VALIDITY_MS,
          password_hash: request.password ? await hashPassword(request.password) : null,
          deleted_at: null,
        },
        ids,
      );
      return { id, link: `${origin}${sharePath(id)}` };
    },

    async get(viewer: Caller, id: string, origin: string): Promise<Share> {
      const share = await access.requireAccess(viewer, Permission.ShareRead, id);
      const [owner, files] = await Promise.all([repos.users.findById(share.owner_id), liveFiles(id)]);
      const shown = files.map((file) => ({ file, answer: shareFile(id, file) }));
      return {
        id,
        link: `${origin}${sharePath(id)}`,
        isAlbum: false,
        owner: { userID: share.owner_id, name: owner?.name ?? '', email: owner?.email ?? '' },
        expires: Number(share.expires_at),
        hasPassword: share.password_hash !== null,
        thumbFiles: shown.filter((s) => s.file.media_kind !== 'document').map((s) => s.answer),
        docFiles: shown.filter((s) => s.file.media_kind === 'document').map((s) => s.answer),
      };
    },

    /** What a link preview may show: only an unprotected live share's first picture and count. */
    async preview(id: string): Promise<{ ownerName: string; count: number; imageUrl: string | null } | null> {
      const share = await repos.shares.find(id);
      if (!share || !isShareLive(share, clock()) || share.password_hash !== null) return null;
      const [owner, files] = await Promise.all([repos.users.findById(share.owner_id), liveFiles(id)]);
      const first = files.find((file) => file.media_kind !== 'document');
      return {
        ownerName: owner?.name || owner?.email || '',
        count: files.length,
        imageUrl: first ? shareFile(id, first).thumbURLLarge : null,
      };
    },

    async stop(session: SignedInCaller, id: string): Promise<void> {
      await access.requireAccess(session, Permission.ShareEdit, id);
      await repos.shares.markDeleted(id, clock());
    },

    async email(
      session: SignedInCaller,
      id: string,
      request: EmailShareRequest,
      origin: string,
    ): Promise<void> {
      const share = await access.requireAccess(session, Permission.ShareEdit, id);
      const recipients = checkRecipients(request.recipients, 'body.recipients');
      const files = await liveFiles(id);
      await sendLink(session, recipients, request, `${origin}${sharePath(id)}`, {
        kind: 'files',
        count: files.length,
        expiresAt: Number(share.expires_at),
      });
    },

    /** The share's files into the caller's timeline (the same bytes; new contents count against quota). */
    async copyToTimeline(viewer: Caller, session: SignedInCaller, id: string): Promise<CopyFilesReply> {
      await access.requireAccess(viewer, Permission.ShareRead, id);
      const files = await liveFiles(id);
      const shared = new Set(files.map((file) => file.id));
      if (shared.size === 0) return { copied: [], failed: [] };
      return fileActions.copyToTimeline(
        session,
        [...shared],
        (file) => shared.has(file.id) && file.deleted_at == null,
      );
    },

    /** core.md §7 publish: the owner sends a shared album's link by e-mail. */
    async publishAlbum(
      session: SignedInCaller,
      idParam: string,
      request: PublishRequest,
      origin: string,
    ): Promise<void> {
      const job = await jobs.findJob(idParam);
      const { album } = await access.requireAccess(session, Permission.AlbumEdit, job);
      if (album.privacy !== 'shared') throw conflict('album is private');
      const recipients = checkRecipients(splitRecipients(request.to_email), 'body.to_email');
      if (recipients.length === 0) throw badRequest('body.to_email is required');
      await sendLink(session, recipients, request, `${origin}/a/${albumIdToB64(job.id)}`, {
        kind: 'album',
        title: job.name,
      });
    },
  };
}

export type ShareService = ReturnType<typeof createShareService>;
