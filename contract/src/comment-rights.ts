import type { CurrentUserCan } from './album';

/**
 * What one caller may do with one comment (core.md §6: the author edits and deletes their own,
 * the album's owner deletes any). The server works these out from the album's `currentUserCan`
 * for the caller and sends them with every comment it answers — in lists, in replies and in the
 * change feed — and refuses what they deny. The client only reads what the server sent.
 */
export interface CommentRights {
  canEdit: boolean;
  canDelete: boolean;
}

export const NO_COMMENT_RIGHTS: CommentRights = { canEdit: false, canDelete: false };

/**
 * `album` is the caller's album rights: `editComment` means they may edit their own comments
 * (the owner always, others while comments are on and they are signed in or named),
 * `deleteComment` that they may delete anyone's. `callerId` is the signed-in user's id or the
 * named guest's; null for a visitor who gave no name.
 */
export function commentRights(
  album: Pick<CurrentUserCan, 'editComment' | 'deleteComment'>,
  callerId: string | null,
  authorId: string,
): CommentRights {
  const isAuthor = callerId !== null && callerId === authorId;
  // Authors may always take back what they wrote, even once comments are turned off.
  return { canEdit: isAuthor && album.editComment, canDelete: isAuthor || album.deleteComment };
}

/**
 * The rights the client shows for a comment it heard about: those the server sent with the
 * change, else those it sent with the comment before, else none. Never a guess from who wrote it.
 */
export function receivedCommentRights(
  sent: Partial<CommentRights> | undefined,
  known: CommentRights | undefined,
): CommentRights {
  return {
    canEdit: sent?.canEdit ?? known?.canEdit ?? false,
    canDelete: sent?.canDelete ?? known?.canDelete ?? false,
  };
}
