import { type CurrentUserCan, commentsAllowed, uploadsAllowed } from '@nordlys/contract/album';
import type { Caller } from './caller';

/**
 * core.md §6 for albums as pure rules: who may read an album, in which role, and what that role
 * may do. The services gather the facts (membership, whether a password was given and matched)
 * and act on the answers; nothing here does I/O.
 */

export interface AlbumFacts {
  ownerId: string;
  privacy: 'private' | 'shared';
  hasPassword: boolean;
  permissions: number;
}

/** Where the caller stands with one album, as the access repository and the password check found. */
export interface AlbumStanding {
  /** Joined (subscribed to) the album. */
  isMember: boolean;
  /** The caller sent a password and it matched; false when none was sent or it did not match. */
  passwordMatched: boolean;
  /** A signed-out visitor who gave a name for this album. */
  isNamedGuest: boolean;
}

export type AlbumReadRole = 'owner' | 'subscriber' | 'visitor';

/** Why a read is refused: a private album (secured) or a password album without the right password. */
export type AlbumReadDenial = 'secured' | 'password';

export type AlbumReadDecision = { role: AlbumReadRole } | { denied: AlbumReadDenial };

type CallerFacts = Pick<Caller, 'userId' | 'isReadOnly'>;

export function decideAlbumRead(
  album: AlbumFacts,
  caller: CallerFacts,
  standing: AlbumStanding,
): AlbumReadDecision {
  if (caller.userId !== null && caller.userId === album.ownerId) return { role: 'owner' };
  if (album.privacy === 'private') return { denied: 'secured' };
  // Members gave the password (or were let in before one was set) when they joined.
  if (caller.userId !== null && standing.isMember) return { role: 'subscriber' };
  if (album.hasPassword && !standing.passwordMatched) return { denied: 'password' };
  return { role: 'visitor' };
}

export function currentUserCan(
  role: AlbumReadRole,
  album: AlbumFacts,
  caller: CallerFacts,
  standing: AlbumStanding,
): CurrentUserCan {
  const comments = commentsAllowed(album.permissions);
  const uploads = uploadsAllowed(album.permissions);
  const signedIn = caller.userId !== null;
  const writer = signedIn && !caller.isReadOnly;
  const isShared = album.privacy === 'shared';
  if (role === 'owner') {
    return {
      addComment: true,
      editComment: true,
      deleteComment: true,
      // A read-only owner keeps the cover only where others look at it (§6).
      setFileAsAlbumCoverPhoto: !caller.isReadOnly || isShared,
      deleteFile: true,
      addFiles: writer,
      editAlbum: true,
      subscribe: false,
      unsubscribe: false,
      keepFiles: writer,
    };
  }
  // A visitor comments once signed in or named as a guest.
  const mayComment = comments && (signedIn || standing.isNamedGuest);
  return {
    addComment: mayComment,
    editComment: mayComment,
    deleteComment: false,
    setFileAsAlbumCoverPhoto: false,
    deleteFile: false,
    addFiles: role === 'subscriber' && uploads && writer,
    editAlbum: false,
    subscribe: role === 'visitor' && signedIn,
    unsubscribe: role === 'subscriber',
    keepFiles: writer,
  };
}
