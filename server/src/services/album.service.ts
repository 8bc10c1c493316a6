import { randomUUID } from 'node:crypto';
import {
  ALBUM_TITLE_MAX_LENGTH,
  type Album,
  type AlbumCover,
  type AlbumFileSort,
  type AlbumList,
  type AlbumPermissionsRequest,
  type AlbumUsers,
  albumPermissions,
  type CreateAlbumRequest,
  commentsAllowed,
  DEFAULT_ALBUM_FILE_SORT,
  DEFAULT_VIEW_MODE,
  flagValue,
  GUEST_NAME_MAX_LENGTH,
  type GuestIdentity,
  type JobInfo,
  type PrivacyModeChange,
  uploadsAllowed,
} from '@nordlys/contract/album';
import { albumIdToB64 } from '@nordlys/contract/album-id';
import type { CopyFilesReply } from '@nordlys/contract/timeline';
import {
  type AlbumFacts,
  type AlbumReadRole,
  type AlbumStanding,
  currentUserCan,
} from '../domain/album-access';
import type { Caller, SignedInCaller } from '../domain/caller';
import { badRequest, conflict, forbidden, notFound, unauthenticated } from '../domain/errors';
import { Permission } from '../domain/permission';
import { hashPassword } from '../identity/password';
import { generateToken, hashToken } from '../identity/token';
import type { Repositories, RepositoriesOf } from '../store/repositories';
import type { AlbumDetailsRow } from '../store/repositories/album.repository';
import { ChangeType } from '../store/repositories/change.repository';
import type { JobRow } from '../store/repositories/job.repository';
import type { AccessService } from './access.service';
import { type AlbumAccess, albumFacts } from './access.service';
import { addMember, removeMember } from './album-bookkeeping';
import type { FileUrlSigner } from './file.service';
import type { FileActionsService } from './file-actions.service';
import type { JobService } from './job.service';
import { profilePictureUrl } from './profile.service';

const seconds = (ms: number) => Math.floor(Number(ms) / 1000);

/** core.md §5: trimmed, at most 255 characters; longer is refused, not cut. */
function albumTitle(raw: string | undefined, field: string): string {
  const title = (raw ?? '').trim();
  if (title.length > ALBUM_TITLE_MAX_LENGTH) {
    throw badRequest(`${field} must be at most ${ALBUM_TITLE_MAX_LENGTH} characters`);
  }
  return title;
}

export interface AlbumServiceDeps {
  repos: RepositoriesOf<'albums' | 'changes'>;
  jobs: JobService;
  access: AccessService;
  fileActions: Pick<FileActionsService, 'copyToTimeline'>;
  signer: FileUrlSigner | null;
  clock: () => number;
}

/** Albums (jobs of type story): creation, the list, the album as its readers see it, the owner's settings. */
export function createAlbumService({
  repos,
  jobs,
  access: { requireAccess },
  fileActions,
  signer,
  clock,
}: AlbumServiceDeps) {
  const { albums } = repos;

  function coverOf(row: AlbumDetailsRow): AlbumCover | null {
    if (!row.cover_id || !row.cover_media_kind) return null;
    const urls = signer?.fileUrls({ fileId: row.cover_id, jobId: row.id, mediaKind: row.cover_media_kind });
    return {
      fileID: row.cover_id,
      thumbURLSmall: urls?.thumbURLSmall ?? null,
      thumbURLTile: urls?.thumbURLTile ?? null,
      thumbURLLarge: urls?.thumbURLLarge ?? null,
      thumbhash: row.cover_thumbhash,
    };
  }

  /**
   * A setting the readers see changed: written with an event marker in the change feed, so open
   * album pages read the album again.
   */
  async function changeSetting(
    jobId: string,
    setting: string,
    write: (tx: Pick<Repositories, 'albums'>, at: number) => Promise<unknown>,
  ): Promise<void> {
    const at = clock();
    await repos.transaction(async (tx) => {
      await write(tx, at);
      await tx.changes.append(jobId, { type: ChangeType.marker, entityId: jobId, fields: { setting }, at });
    });
  }

  function toAlbum(
    row: AlbumDetailsRow,
    access: { role: AlbumReadRole; caller: Caller; standing: AlbumStanding; facts: AlbumFacts },
    origin: string,
  ): Album {
    const { role, caller, standing, facts } = access;
    const isShared = facts.privacy === 'shared';
    const isMember = role !== 'visitor';
    return {
      id: row.id,
      jobID: row.id,
      idB64: albumIdToB64(row.id),
      type: 'story',
      name: row.name,
      title: row.name,
      ctime: seconds(row.created_at),
      mtime: seconds(row.updated_at),
      owner: {
        uuid: row.owner_id,
        name: row.owner_name,
        ...(isMember ? { email: row.owner_email } : {}),
        profile_picture_url: profilePictureUrl(row.owner_id, row.owner_picture_key, origin),
      },
      cover_id: row.cover_id,
      cover: coverOf(row),
      privacy_mode: isShared ? (facts.hasPassword ? 'protected' : 'shared') : 'private',
      isShared,
      password_protected: facts.hasPassword,
      permissions: facts.permissions,
      allow_comments: commentsAllowed(facts.permissions),
      allow_uploads: uploadsAllowed(facts.permissions),
      ...(isShared ? { participant_count: Number(row.participant_count) } : {}),
      media_count: Number(row.media_count),
      comment_count: Number(row.comment_count),
      reaction_count: Number(row.reaction_count),
      size: Number(row.size_bytes),
      has_heic: Number(row.heic_count) > 0,
      attributes: { sort_order: row.sort_order },
      last_update: seconds(row.updated_at),
      filesDateRange:
        row.first_taken == null || row.last_taken == null
          ? null
          : { start: seconds(row.first_taken), end: seconds(row.last_taken) },
      last_serial: Number(row.serial),
      role,
      currentUserCan: currentUserCan(role, facts, caller, standing),
      viewMode: DEFAULT_VIEW_MODE,
    };
  }

  async function albumAnswer(access: AlbumAccess, origin: string): Promise<Album> {
    const row = await albums.findDetails(access.album.id);
    if (!row) throw notFound();
    // Facts as stored now: a setting just changed must show in the answer.
    return toAlbum(row, { ...access, facts: albumFacts(row) }, origin);
  }

  return {
    async create(session: SignedInCaller, request: CreateAlbumRequest, origin: string): Promise<Album> {
      if (session.isReadOnly) throw forbidden('read_only_user');
      const name = albumTitle(request.name, 'body.name');
      const shared = flagValue(request.public, false);
      const password = request.password || null;
      if (password && !shared) throw badRequest('body.password needs body.public 1 (a shared album)');
      const now = clock();
      const id = randomUUID();
      const passwordHash = password ? await hashPassword(password) : null;
      await repos.transaction((tx) =>
        tx.albums.insert(
          {
            id,
            type: 'story',
            owner_id: session.userId,
            name,
            created_at: now,
            updated_at: now,
            serial: 0,
            deleted_at: null,
          },
          {
            privacy: shared ? 'shared' : 'private',
            password_hash: passwordHash,
            permissions: albumPermissions({
              comments: flagValue(request.allow_comments, true),
              uploads: flagValue(request.allow_uploads, true),
            }),
            allow_sharing: flagValue(request.allow_sharing, true) ? 1 : 0,
            cover_file_id: null,
            sort_order: DEFAULT_ALBUM_FILE_SORT,
            media_count: 0,
            size_bytes: 0,
            heic_count: 0,
            first_taken: null,
            last_taken: null,
            latest_file_id: null,
            participant_count: 0,
            comment_count: 0,
            reaction_count: 0,
          },
        ),
      );
      return albumAnswer(await requireAccess(session, Permission.AlbumRead, id), origin);
    },

    /** The caller's own albums and the shared ones they joined, most recently active first. */
    async list(session: SignedInCaller, origin: string): Promise<AlbumList> {
      const rows = await albums.listFor(session.userId);
      return {
        jobs: rows.map((row) => {
          const role: AlbumReadRole = row.owner_id === session.userId ? 'owner' : 'subscriber';
          const standing: AlbumStanding = {
            isMember: role === 'subscriber',
            passwordMatched: false,
            isNamedGuest: false,
          };
          return toAlbum(row, { role, caller: session, standing, facts: albumFacts(row) }, origin);
        }),
      };
    },

    async get(viewer: Caller, idParam: string, origin: string): Promise<Album> {
      return albumAnswer(await requireAccess(viewer, Permission.AlbumRead, idParam), origin);
    },

    /** core.md §3 Job info, for any job the caller may read (an album, or their own timeline). */
    async info(viewer: Caller, idParam: string): Promise<JobInfo> {
      const grant = await requireAccess(viewer, Permission.JobInfo, idParam);
      const { job } = grant;
      const base = {
        id: job.id,
        ctime: seconds(job.created_at),
        mtime: seconds(job.updated_at),
        owner: job.owner_id,
        name: job.name,
        title: job.name,
        viewMode: DEFAULT_VIEW_MODE,
      };
      if (job.type !== 'story') {
        return {
          ...base,
          type: job.type,
          isShared: false,
          coverPhoto: null,
          sort_order: DEFAULT_ALBUM_FILE_SORT,
        };
      }
      const { album } = await grant.album();
      const details = await albums.findDetails(album.id);
      return {
        ...base,
        type: 'story',
        isShared: album.privacy === 'shared',
        coverPhoto: details?.cover_id ?? null,
        sort_order: album.sort_order,
      };
    },

    /** The owner, the users who joined, and named guests; pictures only when asked for. */
    async users(
      viewer: Caller,
      idParam: string,
      includeProfileUrl: boolean,
      origin: string,
    ): Promise<AlbumUsers> {
      const { album } = await requireAccess(viewer, Permission.AlbumRead, idParam);
      const [members, guests] = await Promise.all([albums.members(album.id), albums.guests(album.id)]);
      const picture = (userId: string, key: string | null) =>
        includeProfileUrl ? { profile_picture_url: profilePictureUrl(userId, key, origin) } : {};
      return {
        users: [
          {
            uuid: album.owner_id,
            name: album.owner_name,
            role: 'owner',
            ...picture(album.owner_id, album.owner_picture_key),
          },
          ...members.map((member) => ({
            uuid: member.user_id,
            name: member.name,
            role: 'subscriber' as const,
            ...picture(member.user_id, member.picture_key),
          })),
          ...guests.map((guest) => ({
            uuid: guest.id,
            name: guest.name,
            role: 'guest' as const,
            ...(includeProfileUrl ? { profile_picture_url: null } : {}),
          })),
        ],
      };
    },

    async rename(session: SignedInCaller, idParam: string, rawName: string, origin: string): Promise<Album> {
      const access = await requireAccess(session, Permission.AlbumEdit, idParam);
      const name = albumTitle(rawName, 'body.name');
      await changeSetting(access.album.id, 'name', (tx, at) => tx.albums.rename(access.album.id, name, at));
      return albumAnswer(access, origin);
    },

    async setCover(session: SignedInCaller, idParam: string, fileId: string, origin: string): Promise<Album> {
      const access = await requireAccess(session, Permission.AlbumEdit, idParam);
      if (
        !currentUserCan(access.role, access.facts, access.caller, access.standing).setFileAsAlbumCoverPhoto
      ) {
        throw forbidden('read_only_user');
      }
      const liveIds = await albums.liveFileIds(access.album.id);
      if (!liveIds.includes(fileId)) throw notFound();
      await changeSetting(access.album.id, 'cover', (tx, at) =>
        tx.albums.update(access.album.id, { cover_file_id: fileId }, at),
      );
      return albumAnswer(access, origin);
    },

    async setPrivacy(
      session: SignedInCaller,
      idParam: string,
      mode: PrivacyModeChange,
      origin: string,
    ): Promise<Album> {
      const access = await requireAccess(session, Permission.AlbumEdit, idParam);
      // A private album has no visitors to ask a password of: it is dropped, not kept for later.
      const patch =
        mode === 'shared'
          ? { privacy: 'shared' as const }
          : { privacy: 'private' as const, password_hash: null };
      await changeSetting(access.album.id, 'privacy_mode', (tx, at) =>
        tx.albums.update(access.album.id, patch, at),
      );
      return albumAnswer(access, origin);
    },

    /** Sets, changes ('' removes) the password of a shared album: it is then "protected". */
    async setPassword(
      session: SignedInCaller,
      idParam: string,
      password: string,
      origin: string,
    ): Promise<Album> {
      const access = await requireAccess(session, Permission.AlbumEdit, idParam);
      if (password && access.facts.privacy !== 'shared') {
        throw conflict('body.password needs a shared album; share the album first');
      }
      const passwordHash = password ? await hashPassword(password) : null;
      await changeSetting(access.album.id, 'password', (tx, at) =>
        tx.albums.update(access.album.id, { password_hash: passwordHash }, at),
      );
      return albumAnswer(access, origin);
    },

    async setPermissions(
      session: SignedInCaller,
      idParam: string,
      request: AlbumPermissionsRequest,
      origin: string,
    ): Promise<Album> {
      if (request.allow_comments === undefined && request.allow_uploads === undefined) {
        throw badRequest('body must have allow_uploads or allow_comments');
      }
      const access = await requireAccess(session, Permission.AlbumEdit, idParam);
      const current = access.facts.permissions;
      const permissions = albumPermissions({
        comments: flagValue(request.allow_comments, commentsAllowed(current)),
        uploads: flagValue(request.allow_uploads, uploadsAllowed(current)),
      });
      await changeSetting(access.album.id, 'permissions', (tx, at) =>
        tx.albums.update(access.album.id, { permissions }, at),
      );
      return albumAnswer(access, origin);
    },

    async setSortOrder(
      session: SignedInCaller,
      idParam: string,
      value: AlbumFileSort,
    ): Promise<AlbumFileSort> {
      const access = await requireAccess(session, Permission.AlbumEdit, idParam);
      await changeSetting(access.album.id, 'sort_order', (tx, at) =>
        tx.albums.update(access.album.id, { sort_order: value }, at),
      );
      return value;
    },

    /** A signed-in reader joins a shared album (with its password where it has one). */
    async subscribe(viewer: Caller, idParam: string, origin: string): Promise<Album> {
      if (viewer.userId === null) throw unauthenticated();
      const access = await requireAccess(viewer, Permission.AlbumRead, idParam);
      if (access.role === 'owner') throw conflict('The owner cannot subscribe to their own album');
      const { userId } = viewer;
      if (access.role === 'visitor')
        await repos.transaction((tx) => addMember(tx, access.album.id, userId, clock()));
      const standing: AlbumStanding = { ...access.standing, isMember: true };
      return albumAnswer({ ...access, role: 'subscriber', standing }, origin);
    },

    /** A participant leaves; leaving twice is not an error. */
    async unsubscribe(session: SignedInCaller, idParam: string): Promise<void> {
      const job = await jobs.findJob(idParam);
      if (job.type !== 'story' || job.deleted_at != null) throw notFound();
      if (job.owner_id === session.userId) throw conflict('The owner cannot leave their own album');
      if (await repos.transaction((tx) => removeMember(tx, job.id, session.userId))) return;
      // Not a member: the same answers as any read, so ids cannot be probed this way.
      await requireAccess(session, Permission.AlbumRead, job);
    },

    /** To the trash; the files the album holds are its own records, the owners' timelines keep theirs. */
    async remove(session: SignedInCaller, idParam: string): Promise<void> {
      const job = await jobs.findJob(idParam);
      if (job.type === 'story' && job.deleted_at != null && job.owner_id === session.userId) return;
      const access = await requireAccess(session, Permission.AlbumEdit, idParam);
      await albums.markDeleted(access.album.id, clock());
    },

    /** Copies album files into the caller's timeline (same bytes; new contents count against quota). */
    async keepFiles(
      viewer: Caller,
      session: SignedInCaller,
      idParam: string,
      ids: readonly string[] | 'all',
    ): Promise<CopyFilesReply> {
      const { album } = await requireAccess(viewer, Permission.AlbumRead, idParam);
      const wanted = ids === 'all' ? await albums.liveFileIds(album.id) : ids;
      if (wanted.length === 0) return { copied: [], failed: [] };
      return fileActions.copyToTimeline(
        session,
        wanted,
        (file) => file.job_id === album.id && file.deleted_at == null,
      );
    },

    /** A signed-out reader names themselves for this album's comments and loves. */
    async addGuest(viewer: Caller, idParam: string, rawName: string): Promise<GuestIdentity> {
      if (viewer.userId !== null) throw conflict('Signed-in users comment under their own name');
      const { album } = await requireAccess(viewer, Permission.AlbumRead, idParam);
      const name = rawName.trim();
      if (name.length === 0) throw badRequest('body.name is required');
      if (name.length > GUEST_NAME_MAX_LENGTH) {
        throw badRequest(`body.name must be at most ${GUEST_NAME_MAX_LENGTH} characters`);
      }
      const token = generateToken();
      const guest = {
        id: randomUUID(),
        job_id: album.id,
        name,
        token_hash: hashToken(token),
        created_at: clock(),
      };
      await albums.insertGuest(guest);
      return { guest_id: guest.id, name, token };
    },
  };
}

export type AlbumService = ReturnType<typeof createAlbumService>;
