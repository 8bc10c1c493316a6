import { COMMENT_EMPTY, COMMENTS_NOT_ALLOWED, NAME_REQUIRED } from '@nordlys/contract/comment';
import type { CommentRights } from '@nordlys/contract/comment-rights';
import type { AlbumReadRole } from './album-access';

/**
 * core.md §5 and §6 for comments and loves as pure rules. An actor is a signed-in user or a
 * signed-out visitor who gave the album a name (a guest); anyone else may only read.
 */
export interface CommentActor {
  id: string;
  name: string;
  isGuest: boolean;
}

export type CommentDenial = typeof COMMENTS_NOT_ALLOWED | typeof NAME_REQUIRED | 'Forbidden';

/** A comment is posted only when non-empty; it is stored as typed apart from the ends' white space. */
export function commentText(raw: string): { text: string } | { error: typeof COMMENT_EMPTY } {
  const text = raw.trim();
  return text.length === 0 ? { error: COMMENT_EMPTY } : { text };
}

export function mayAddComment(
  actor: CommentActor | null,
  role: AlbumReadRole,
  commentsOn: boolean,
): CommentDenial | null {
  if (!actor) return NAME_REQUIRED;
  // The owner comments even where others may not (§6 lists commenting among the owner's rights).
  if (role !== 'owner' && !commentsOn) return COMMENTS_NOT_ALLOWED;
  return null;
}

/**
 * Authors edit their own, while comments are on (the owner always may). `rights` are the
 * caller's on this comment (contract comment-rights, the same ones the client is sent).
 */
export function mayEditComment(
  actor: CommentActor | null,
  authorId: string,
  rights: CommentRights,
): CommentDenial | null {
  if (!actor || actor.id !== authorId) return 'Forbidden';
  return rights.canEdit ? null : COMMENTS_NOT_ALLOWED;
}

/** Loves need a name like comments do, but not the comments permission. */
export function mayLove(actor: CommentActor | null): CommentDenial | null {
  return actor ? null : NAME_REQUIRED;
}
