import { createHash } from 'node:crypto';
import { NO_ACCESS_TO_SECURED_JOB, PUBLIC_JOB_AUTH_FAILED } from '@nordlys/contract/album';
import {
  type AlbumCaller,
  type AlbumFacts,
  type AlbumReadRole,
  decideAlbumRead,
} from '../domain/album-access';
import { forbidden, tooManyRequests } from '../domain/errors';
import { type LoginThrottle, passwordThrottleKeys } from '../identity/login-throttle';
import { verifyPassword } from '../identity/password';
import { hashToken } from '../identity/token';
import type { Repositories } from '../store/repositories';
import type { AlbumRow } from '../store/repositories/album.repository';

/**
 * Who is asking, as the album rules need it: a signed-in user, or a visitor with at most an
 * album password (transformed, core.md §5) and a guest token; the address counts their guesses.
 */
export interface Viewer {
  userId: string | null;
  isReadOnly: boolean;
  password: string | null;
  guestToken: string | null;
  address: string | null;
}

/** A signed-in caller with nothing else to show, as most routes have it. */
export type Reader = string | Viewer;

export const toViewer = (reader: Reader): Viewer =>
  typeof reader === 'string'
    ? { userId: reader, isReadOnly: false, password: null, guestToken: null, address: null }
    : reader;

export interface AlbumAccess {
  album: AlbumRow;
  role: AlbumReadRole;
  caller: AlbumCaller;
  facts: AlbumFacts;
  guest: { id: string; name: string } | null;
}

/** Verified (album, stored hash, password) triples; a few thousand 64-byte keys at most. */
const VERIFIED_CACHE_SIZE = 4096;

export const albumFacts = (album: AlbumRow): AlbumFacts => ({
  ownerId: album.owner_id,
  privacy: album.privacy,
  hasPassword: album.password_hash !== null,
  permissions: Number(album.permissions),
});

export interface AlbumAccessDeps {
  repos: Pick<Repositories, 'albums'>;
  throttle: LoginThrottle;
}

export function createAlbumAccessService({ repos, throttle }: AlbumAccessDeps) {
  // argon2 costs ~50 ms; a visitor's page makes many reads, each checked. A match is remembered
  // under the stored hash too, so a changed password is checked afresh.
  const verified = new Map<string, true>();
  const cacheKey = (album: AlbumRow, password: string) =>
    createHash('sha256').update(`${album.id}\n${album.password_hash}\n${password}`).digest('base64url');

  async function passwordMatches(album: AlbumRow, viewer: Viewer): Promise<boolean> {
    const { password } = viewer;
    if (!album.password_hash || !password) return false;
    const { password_hash: hash } = album;
    const keys = passwordThrottleKeys('album', album.id, viewer.address ?? 'unknown');
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

  return {
    /**
     * The caller's role in a live album, or the spec's refusal: 403 'User does not have access to
     * secured job' for a private album, 403 'public job auth failed' for a password album without
     * the right password (403, not 401, so the client does not sign its user out), 429 while
     * guesses are locked out.
     */
    async readAlbum(reader: Reader, album: AlbumRow): Promise<AlbumAccess> {
      const viewer = toViewer(reader);
      const facts = albumFacts(album);
      const isOwner = viewer.userId !== null && viewer.userId === album.owner_id;
      const isMember =
        !isOwner && viewer.userId !== null && (await repos.albums.isMember(album.id, viewer.userId));
      const needsPassword = !isOwner && !isMember && facts.privacy === 'shared' && facts.hasPassword;
      const guest =
        viewer.userId === null && viewer.guestToken
          ? ((await repos.albums.findGuest(album.id, hashToken(viewer.guestToken))) ?? null)
          : null;
      const caller: AlbumCaller = {
        userId: viewer.userId,
        isReadOnly: viewer.isReadOnly,
        isMember,
        passwordMatched: needsPassword ? await passwordMatches(album, viewer) : false,
        isNamedGuest: guest !== null,
      };
      const decision = decideAlbumRead(facts, caller);
      if ('denied' in decision) {
        throw forbidden(decision.denied === 'password' ? PUBLIC_JOB_AUTH_FAILED : NO_ACCESS_TO_SECURED_JOB);
      }
      return { album, role: decision.role, caller, facts, guest };
    },
  };
}

export type AlbumAccessService = ReturnType<typeof createAlbumAccessService>;
