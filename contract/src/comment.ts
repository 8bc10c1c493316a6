import { type Static, Type } from 'typebox';

/**
 * Comments and loves on an album's files (core.md §3 Comment, Reaction; §4 Comment submission,
 * Love). Calls, under /st/4, errors as `{ error }`; signed-out visitors send the album's guest
 * token (album.ts GUEST_TOKEN_HEADER) and, for a password album, its password:
 * - `GET /jobs/{id}/files_by_id/{fileId}/comments` → FileComments (oldest first).
 * - `POST /jobs/{id}/files_by_id/{fileId}/comments` CommentRequest → Comment (201). 400
 *   COMMENT_EMPTY for an empty comment; 403 COMMENTS_NOT_ALLOWED where the album turned comments
 *   off; 403 NAME_REQUIRED for a signed-out visitor without a guest name.
 * - `PUT .../comments/{commentId}` CommentRequest → Comment: the author only.
 * - `DELETE .../comments/{commentId}` → 204: the author, or the album's owner.
 * - `POST /jobs/{id}/files_by_id/{fileId}/reaction` ReactionRequest → FileLoves; `DELETE` of it →
 *   FileLoves. One love or none per user per file; repeating either is not an error.
 */

export const COMMENT_MAX_LENGTH = 10_000;
export const COMMENT_EMPTY = 'comment must not be empty';
export const COMMENTS_NOT_ALLOWED = 'Comments are turned off in this album';
export const NAME_REQUIRED = 'A name is required to comment or love';

/** core.md §3: only love (favorite is listed among the kinds but never sent). */
export const REACTION_LOVE = 'love';

export const CommentRequest = Type.Object({
  comment: Type.String({ maxLength: COMMENT_MAX_LENGTH }),
});
export type CommentRequest = Static<typeof CommentRequest>;

export const ReactionRequest = Type.Object({ reaction: Type.Literal(REACTION_LOVE) });
export type ReactionRequest = Static<typeof ReactionRequest>;

export const CommentAuthor = Type.Object({
  /** A user's id, or a guest's id for a signed-out visitor who gave a name. */
  uuid: Type.String(),
  name: Type.String(),
  guest: Type.Boolean(),
});
export type CommentAuthor = Static<typeof CommentAuthor>;

export const Comment = Type.Object({
  commentUUID: Type.String(),
  fileID: Type.String(),
  comment: Type.String(),
  author: CommentAuthor,
  /** Epoch milliseconds. */
  timestamp: Type.Number(),
  lastEditTimestamp: Type.Union([Type.Number(), Type.Null()]),
  edited: Type.Boolean(),
  /** What the caller may do with it (core.md §6: author edits and deletes; the owner deletes any). */
  canEdit: Type.Boolean(),
  canDelete: Type.Boolean(),
});
export type Comment = Static<typeof Comment>;

export const FileLoves = Type.Object({
  fileID: Type.String(),
  count: Type.Integer({ minimum: 0 }),
  /** The caller loves the file. */
  mine: Type.Boolean(),
});
export type FileLoves = Static<typeof FileLoves>;

export const FileComments = Type.Object({
  fileID: Type.String(),
  comments: Type.Array(Comment),
  loves: FileLoves,
  /** The job's serial when read: changes after it are in the change feed. */
  serial: Type.Integer(),
});
export type FileComments = Static<typeof FileComments>;
