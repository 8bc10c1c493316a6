import { createHash } from 'node:crypto';
import {
  JOB_HAS_BEEN_DELETED,
  NO_ACCESS_TO_SECURED_JOB,
  PUBLIC_JOB_AUTH_FAILED,
  uploadsAllowed,
} from '@nordlys/contract/album';
import {
  type AlbumFacts,
  type AlbumReadRole,
  type AlbumStanding,
  decideAlbumRead,
} from '../domain/album-access';
import type { Caller } from '../domain/caller';
import { forbidden, gone, notFound, tooManyRequests, unauthenticated } from '../domain/errors';
import { Permission } from '../domain/permission';
import { isShareLive } from '../domain/share-rules';
import { type LoginThrottle, passwordThrottleKeys } from '../identity/login-throttle';
import { verifyPassword } from '../identity/password';
import { hashToken } from '../identity/token';
import type { Repositories } from '../store/repositories';
import type { AlbumRow } from '../store/repositories/album.repository';
import type { FileRow } from '../store/repositories/file.repository';
import type { JobRow } from '../store/repositories/job.repository';
import type { ShareRow } from '../store/repositories/share.repository';
import { DEFAULT_JOB_ID, type JobService } from './job.service';

/** A live album the caller may read, and their role in it. */
export interface AlbumAccess {
  album: AlbumRow;
  role: AlbumReadRole;
  caller: Caller;
  standing: AlbumStanding;
  facts: AlbumFacts;
  guest: { id: string; name: string } | null;
}

/** A job the caller may use; for an album, their access to it, read at most once per grant. */
export interface JobAccess {
  job: JobRow;
  album(): Promise<AlbumAccess>;
}

export interface AlbumFileAccess extends AlbumAccess {
  file: FileRow;
}

/** What each permission is asked about: a job or album id as the route has it, or a job already found. */
interface Targets {
  [Permission.JobRead]: string;
  [Permission.JobUpload]: string;
  [Permission.JobInfo]: string;
  [Permission.AlbumRead]: string | JobRow;
  [Permission.AlbumEdit]: string | JobRow;
  [Permission.AlbumFile]: { album: string; fileId: string };
  [Permission.ShareRead]: string;
  [Permission.ShareEdit]: string;
}

interface Grants {
  [Permission.JobRead]: JobAccess;
  [Permission.JobUpload]: JobAccess;
  [Permission.JobInfo]: JobAccess;
  [Permission.AlbumRead]: AlbumAccess;
  [Permission.AlbumEdit]: AlbumAccess;
  [Permission.AlbumFile]: AlbumFileAccess;
  [Permission.ShareRead]: ShareRow;
  [Permission.ShareEdit]: ShareRow;
}

/** Verified (album, stored hash, password) triples; a few thousand 64-byte keys at most. */
const VERIFIED_CACHE_SIZE = 4096;

export const albumFacts = (album: AlbumRow): AlbumFacts => ({
  ownerId: album.owner_id,
  privacy: album.privacy,
  hasPassword: album.password_hash !== null,
  permissions: Number(album.permissions),
});

export interface AccessDeps {
  repos: Pick<Repositories, 'access' | 'albums' | 'files' | 'shares'>;
  jobs: Pick<JobService, 'findJob' | 'ensureTimeline'>;
  throttle: LoginThrottle;
  clock: () => number;
}

export function createAccessService({ repos, jobs, throttle, clock }: AccessDeps) {
  // argon2 costs ~50 ms; a visitor's page makes many reads, each checked. A match is remembered
  // under the stored hash too, so a changed password is checked afresh.
  const verified = new Map<string, true>();
  const cacheKey = (album: AlbumRow, password: string) =>
    createHash('sha256').update(`${album.id}\n${album.password_hash}\n${password}`).digest('base64url');

  async function passwordMatches(album: AlbumRow, caller: Caller): Promise<boolean> {
    const { password } = caller;
    if (!album.password_hash || !password) return false;
    const { password_hash: hash } = album;
    const keys = passwordThrottleKeys('album', album.id, caller.address ?? 'unknown');
    // Locks apply to every guess, right or wrong, or a lock would still answer which guess is right.
    if ((await throttle.lockedUntil([keys.pair, keys.ip])) !== null) throw tooManyRequests();
    const key = cacheKey(album, password);
    if (verified.has(key)) return true;
    // Sign-in's rule: locks per address and per (album, address), growing delays per album.
    const outcome = await throttle.attempt(keys, () => verifyPassword(hash, password));
    if (!outcome.ok) {
      // The guess that reaches a lock is refused as locked, as sign-in's is.
      if (outcome.reason === 'locked') throw tooManyRequests();
      return false;
    }
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(key, true);
    return true;
  }

  /**
   * The caller's role in a live album, or the spec's refusal: 403 'User does not have access to
   * secured job' for a private album, 403 'public job auth failed' for a password album without
   * the right password (403, not 401, so the client does not sign its user out), 429 while
   * guesses are locked out.
   */
  async function readAlbum(caller: Caller, job: JobRow): Promise<AlbumAccess> {
    const album =
      job.type === 'story' && job.deleted_at == null ? await repos.albums.find(job.id) : undefined;
    if (!album) throw notFound();
    const facts = albumFacts(album);
    const { userId } = caller;
    const isOwner = userId !== null && userId === album.owner_id;
    const isMember = !isOwner && userId !== null && (await repos.access.isAlbumMember(album.id, userId));
    const needsPassword = !isOwner && !isMember && facts.privacy === 'shared' && facts.hasPassword;
    const guest =
      userId === null && caller.guestToken
        ? ((await repos.access.findAlbumGuest(album.id, hashToken(caller.guestToken))) ?? null)
        : null;
    const standing: AlbumStanding = {
      isMember,
      passwordMatched: needsPassword ? await passwordMatches(album, caller) : false,
      isNamedGuest: guest !== null,
    };
    const decision = decideAlbumRead(facts, caller, standing);
    if ('denied' in decision) {
      throw forbidden(decision.denied === 'password' ? PUBLIC_JOB_AUTH_FAILED : NO_ACCESS_TO_SECURED_JOB);
    }
    return { album, role: decision.role, caller, standing, facts, guest };
  }

  /** The album rules' read, done on first ask and kept for the rest of the request. */
  function jobAccess(caller: Caller, job: JobRow, known?: AlbumAccess): JobAccess {
    let album: Promise<AlbumAccess> | undefined = known && Promise.resolve(known);
    return {
      job,
      album: () => {
        album ??= readAlbum(caller, job);
        return album;
      },
    };
  }

  /** An album or job id as an album route has it: a trashed album answers its owner 410 (shown as recently deleted), others 404. */
  async function findAlbumJob(caller: Caller, idParam: string): Promise<JobRow> {
    const { userId } = caller;
    if (idParam === DEFAULT_JOB_ID) {
      if (userId === null) throw unauthenticated();
      return jobs.ensureTimeline(userId);
    }
    const job = await jobs.findJob(idParam);
    if (job.type === 'story' && job.deleted_at != null && userId !== null && job.owner_id === userId) {
      throw gone(JOB_HAS_BEEN_DELETED);
    }
    return job;
  }

  const albumJob = async (caller: Caller, target: string | JobRow) =>
    typeof target === 'string' ? findAlbumJob(caller, target) : target;

  /**
   * The job the caller may read files of: their own (the trash included), or a live album the
   * album rules let them see, signed in or not (with its password where it has one).
   */
  async function jobRead(caller: Caller, jobIdParam: string): Promise<JobAccess> {
    const { userId } = caller;
    if (jobIdParam === DEFAULT_JOB_ID) {
      if (userId === null) throw unauthenticated();
      return jobAccess(caller, await jobs.ensureTimeline(userId));
    }
    const job = await jobs.findJob(jobIdParam);
    if (userId !== null && job.owner_id === userId) return jobAccess(caller, job);
    // Only albums are open to others; a signed-out caller is asked to sign in for anything else.
    if (job.type !== 'story') throw userId === null ? unauthenticated() : notFound();
    return jobAccess(caller, job, await readAlbum(caller, job));
  }

  /**
   * The job the caller may add files to: their own, or a shared album they joined that allows
   * uploads. Another user's timeline or share answers 404 like an unknown job, so ids cannot be
   * probed; an album the caller can read but not add to answers 403; a deleted own job 410.
   */
  async function jobUpload(caller: Caller, jobIdParam: string): Promise<JobAccess> {
    const { userId } = caller;
    if (userId === null) throw unauthenticated();
    if (jobIdParam === DEFAULT_JOB_ID) return jobAccess(caller, await jobs.ensureTimeline(userId));
    const job = await jobs.findJob(jobIdParam);
    if (job.owner_id === userId) {
      if (job.deleted_at != null) throw gone(JOB_HAS_BEEN_DELETED);
      return jobAccess(caller, job);
    }
    if (job.type !== 'story') throw notFound();
    if (job.deleted_at != null) throw gone(JOB_HAS_BEEN_DELETED);
    const access = await readAlbum(caller, job);
    if (access.role !== 'subscriber' || !uploadsAllowed(access.facts.permissions)) throw forbidden();
    return jobAccess(caller, job, access);
  }

  /** core.md §3 Job info: the caller's own timeline or share, or an album they may read. */
  async function jobInfo(caller: Caller, idParam: string): Promise<JobAccess> {
    const job = await findAlbumJob(caller, idParam);
    if (job.type !== 'story') {
      if (caller.userId === null || job.owner_id !== caller.userId) throw notFound();
      return jobAccess(caller, job);
    }
    return jobAccess(caller, job, await readAlbum(caller, job));
  }

  /** Owner-only changes: a reader who is not the owner gets 403, anyone else the read refusal. */
  async function albumEdit(caller: Caller, target: string | JobRow): Promise<AlbumAccess> {
    const access = await readAlbum(caller, await albumJob(caller, target));
    if (access.role !== 'owner') throw forbidden();
    return access;
  }

  /** A live file of a live album the caller may read; the read refusals come first. */
  async function albumFile(
    caller: Caller,
    target: Targets[typeof Permission.AlbumFile],
  ): Promise<AlbumFileAccess> {
    const access = await readAlbum(caller, await jobs.findJob(target.album));
    const file = await repos.files.findById(target.fileId);
    if (!file || file.job_id !== access.album.id || file.deleted_at != null) throw notFound();
    return { ...access, file };
  }

  /** A live share: unknown, stopped and expired ones alike answer 404. */
  async function liveShare(id: string): Promise<ShareRow> {
    const share = await repos.shares.find(id);
    if (!share || !isShareLive(share, clock())) throw notFound();
    return share;
  }

  /** The share as a visitor may read it: its owner always, others with its password where it has one. */
  async function shareRead(caller: Caller, id: string): Promise<ShareRow> {
    const share = await liveShare(id);
    if (share.password_hash === null || caller.userId === share.owner_id) return share;
    const keys = passwordThrottleKeys('share', id, caller.address ?? 'unknown');
    // A lock refuses right and wrong guesses alike, or it would still tell which one is right.
    if ((await throttle.lockedUntil([keys.pair, keys.ip])) !== null) throw tooManyRequests();
    const { password } = caller;
    if (!password) throw forbidden(PUBLIC_JOB_AUTH_FAILED);
    // Sign-in's rule: locks per address and per (share, address), growing delays per share.
    const hash = share.password_hash;
    const outcome = await throttle.attempt(keys, () => verifyPassword(hash, password));
    if (outcome.ok) return share;
    if (outcome.reason === 'locked') throw tooManyRequests();
    throw forbidden(PUBLIC_JOB_AUTH_FAILED);
  }

  async function shareEdit(caller: Caller, id: string): Promise<ShareRow> {
    const share = await liveShare(id);
    if (caller.userId === null || share.owner_id !== caller.userId) throw forbidden();
    return share;
  }

  const checks: { [P in Permission]: (caller: Caller, target: Targets[P]) => Promise<Grants[P]> } = {
    [Permission.JobRead]: jobRead,
    [Permission.JobUpload]: jobUpload,
    [Permission.JobInfo]: jobInfo,
    [Permission.AlbumRead]: async (caller, target) => readAlbum(caller, await albumJob(caller, target)),
    [Permission.AlbumEdit]: albumEdit,
    [Permission.AlbumFile]: albumFile,
    [Permission.ShareRead]: shareRead,
    [Permission.ShareEdit]: shareEdit,
  };

  return {
    /** The one access check: what `permission` grants `caller` on `target`, or the refusal the spec names. */
    requireAccess<P extends Permission>(
      caller: Caller,
      permission: P,
      target: Targets[P],
    ): Promise<Grants[P]> {
      const check = checks[permission] as (caller: Caller, target: Targets[P]) => Promise<Grants[P]>;
      return check(caller, target);
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
