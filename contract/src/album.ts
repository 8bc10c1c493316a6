import { type Static, Type } from 'typebox';
import { TRANSFORMED_PASSWORD_PATTERN } from './album-password';
import { NAME_MAX_LENGTH } from './constants';
import { Nullable } from './file';

/**
 * Albums are jobs of type story (core.md §3). Calls, all under /st/4, all answer errors as
 * `{ error }`:
 * - `POST /jobs` CreateAlbumRequest → Album (201).
 * - `GET /jobs?stories=1&include_details=1` → AlbumList (the caller's own and joined albums).
 * - `GET /jobs/{id}` → Album; `GET /jobs/{id}/info` → JobInfo; `GET /jobs/{id}/users` → AlbumUsers.
 *   `{id}` is the UUID or its compact base64url form (album-id.ts).
 * - `POST /jobs/{id}/name` {name}, `/cover` {id}, `/privacy_mode` {mode}, `/permissions`
 *   {allow_uploads | allow_comments: 0|1}, `/password` {password: transformed or ''} → Album (owner
 *   only). Making an album private drops its password; only a shared album takes one.
 * - `POST /jobs/{id}/subscribe` → Album; `/unsubscribe` → 204 (a signed-in non-owner).
 * - `DELETE /jobs/{id}` → 204: the album goes to the trash; its files stay in the owners' timelines.
 * - `PUT /jobs/{id}/attribute/sort_order` {value: AlbumFileSort} → {name, value} (owner).
 * - `POST /jobs/{id}/files_dedup` (file.ts DedupRequest) adds a file the caller has by checksum.
 * - `DELETE /jobs/{id}/files_by_id/{fileId}` → {used_space}; the last file's removal deletes the album.
 * - `POST /jobs/{id}/keep-files` (text/plain, file ids one per line), `/keep-all-files` →
 *   timeline.ts CopyFilesReply: copies into the caller's timeline.
 * - `POST /jobs/{id}/guest` {name} → GuestIdentity: a signed-out visitor's name for comments and loves.
 *
 * Reads by a non-member of a password album carry the transformed password (album-password.ts)
 * in the ALBUM_PASSWORD_HEADER header. Failures (core.md §4 mapping):
 * - 403 PUBLIC_JOB_AUTH_FAILED: password album, password missing or wrong → PASSWORD_REQUIRED.
 * - 403 NO_ACCESS_TO_SECURED_JOB: a private album the caller may not see → NOT_FOUND signed in,
 *   LOGIN_REQUIRED signed out.
 * - 404: no such album (or in the trash); 429: too many password guesses (retry later).
 * 403 rather than 401 so a wrong album password never signs the user out.
 */

export const PUBLIC_JOB_AUTH_FAILED = 'public job auth failed';
export const NO_ACCESS_TO_SECURED_JOB = 'User does not have access to secured job';
export const JOB_HAS_BEEN_DELETED = 'Job has been deleted';
export const ALBUM_NOT_FOUND = 'Job not found';

export const ALBUM_PASSWORD_HEADER = 'X-Album-Password';
/** A signed-out visitor's guest token (from POST /jobs/{id}/guest). */
export const GUEST_TOKEN_HEADER = 'X-Guest-Token';

/** core.md §5 and §9: permission bits. A bit set means allowed; an absent bitmask means all allowed. */
export const ALBUM_PERMISSION_COMMENTS = 1;
export const ALBUM_PERMISSION_UPLOADS = 2;
export const ALBUM_PERMISSIONS_ALL = ALBUM_PERMISSION_COMMENTS | ALBUM_PERMISSION_UPLOADS;

export const albumPermissions = (allow: { comments: boolean; uploads: boolean }): number =>
  (allow.comments ? ALBUM_PERMISSION_COMMENTS : 0) | (allow.uploads ? ALBUM_PERMISSION_UPLOADS : 0);
export const commentsAllowed = (permissions: number | undefined): boolean =>
  permissions === undefined || (permissions & ALBUM_PERMISSION_COMMENTS) !== 0;
export const uploadsAllowed = (permissions: number | undefined): boolean =>
  permissions === undefined || (permissions & ALBUM_PERMISSION_UPLOADS) !== 0;

export const ALBUM_TITLE_MAX_LENGTH = NAME_MAX_LENGTH;
export const GUEST_NAME_MAX_LENGTH = NAME_MAX_LENGTH;

/** core.md §3 privacy enumeration. The server answers private, shared, or protected (shared with a password). */
export const AlbumPrivacy = Type.Union([
  Type.Literal('shared'),
  Type.Literal('protected'),
  Type.Literal('private'),
  Type.Literal('public'),
]);
export type AlbumPrivacy = Static<typeof AlbumPrivacy>;
/** What POST /jobs/{id}/privacy_mode accepts. */
export const PrivacyModeChange = Type.Union([Type.Literal('shared'), Type.Literal('private')]);
export type PrivacyModeChange = Static<typeof PrivacyModeChange>;

export const ALBUM_LIST_FILTERS = ['all', 'shared', 'private'] as const;
export type AlbumListFilter = (typeof ALBUM_LIST_FILTERS)[number];
export const DEFAULT_ALBUM_LIST_FILTER: AlbumListFilter = 'all';
export const ALBUM_LIST_SORTS = ['RECENT_ACTIVITY', 'NEWEST_CREATED', 'OLDEST_CREATED', 'NAME'] as const;
export type AlbumListSort = (typeof ALBUM_LIST_SORTS)[number];
export const DEFAULT_ALBUM_LIST_SORT: AlbumListSort = 'RECENT_ACTIVITY';

export const ALBUM_FILE_SORTS = ['ADDED', 'OLDEST_TAKEN', 'NEWEST_TAKEN'] as const;
export const AlbumFileSort = Type.Union([
  Type.Literal('ADDED'),
  Type.Literal('OLDEST_TAKEN'),
  Type.Literal('NEWEST_TAKEN'),
]);
export type AlbumFileSort = Static<typeof AlbumFileSort>;
export const DEFAULT_ALBUM_FILE_SORT: AlbumFileSort = 'ADDED';
export const DEFAULT_VIEW_MODE = 'flow';

/** A 0/1 flag as the calls send it; JSON booleans are accepted too. */
export const Flag = Type.Union([
  Type.Boolean(),
  Type.Literal(0),
  Type.Literal(1),
  Type.Literal('0'),
  Type.Literal('1'),
]);
export type Flag = Static<typeof Flag>;
export const flagValue = (flag: Flag | undefined, fallback: boolean): boolean =>
  flag === undefined ? fallback : flag === true || flag === 1 || flag === '1';

export const TransformedPassword = Type.String({
  pattern: TRANSFORMED_PASSWORD_PATTERN,
  description: 'the album password after the §5 transform (album-password.ts), never the typed one',
});

/** POST /jobs */
export const CreateAlbumRequest = Type.Object({
  type: Type.Literal('story'),
  name: Type.Optional(
    Type.String({ maxLength: 1024, description: `trimmed, at most ${ALBUM_TITLE_MAX_LENGTH}` }),
  ),
  public: Type.Optional(Flag),
  password: Type.Optional(Type.Union([TransformedPassword, Type.Literal('')])),
  allow_sharing: Type.Optional(Flag),
  allow_comments: Type.Optional(Flag),
  allow_uploads: Type.Optional(Flag),
});
export type CreateAlbumRequest = Static<typeof CreateAlbumRequest>;

export const AlbumOwner = Type.Object({
  uuid: Type.String(),
  name: Type.String(),
  email: Type.Optional(Type.String({ description: 'only to members of the album' })),
  profile_picture_url: Nullable(Type.String()),
});
export type AlbumOwner = Static<typeof AlbumOwner>;

/** What the caller may do, computed by the server from core.md §6. */
export const CurrentUserCan = Type.Object({
  addComment: Type.Boolean(),
  editComment: Type.Boolean({ description: 'edit own comments' }),
  deleteComment: Type.Boolean({
    description: "delete anyone's comment (authors may always delete their own)",
  }),
  setFileAsAlbumCoverPhoto: Type.Boolean(),
  deleteFile: Type.Boolean({ description: "delete anyone's file (uploaders may always delete their own)" }),
  addFiles: Type.Boolean({ description: 'not in the spec: add photos or upload into the album' }),
  editAlbum: Type.Boolean({ description: 'not in the spec: name, privacy, permissions, sort, delete' }),
  subscribe: Type.Boolean({
    description: 'not in the spec: may join (signed-in non-member of a shared album)',
  }),
  unsubscribe: Type.Boolean({ description: 'not in the spec: may leave (a participant)' }),
  keepFiles: Type.Boolean({ description: "not in the spec: may copy files into the caller's timeline" }),
});
export type CurrentUserCan = Static<typeof CurrentUserCan>;

export const AlbumCover = Type.Object({
  fileID: Type.String(),
  thumbURLSmall: Nullable(Type.String()),
  thumbURLTile: Nullable(Type.String()),
  thumbURLLarge: Nullable(Type.String()),
  thumbhash: Nullable(Type.String()),
});
export type AlbumCover = Static<typeof AlbumCover>;

export const AlbumRole = Type.Union([
  Type.Literal('owner'),
  Type.Literal('subscriber'),
  Type.Literal('visitor'),
]);
export type AlbumRole = Static<typeof AlbumRole>;

/** core.md §3 Album. Times are epoch seconds. */
export const Album = Type.Object({
  id: Type.String(),
  jobID: Type.String(),
  idB64: Type.String({ description: 'the compact form for URLs' }),
  type: Type.Literal('story'),
  name: Type.String({ description: 'empty when unnamed: the client shows its placeholder' }),
  title: Type.String(),
  ctime: Type.Number(),
  mtime: Type.Number(),
  owner: AlbumOwner,
  cover_id: Nullable(Type.String()),
  cover: Nullable(AlbumCover),
  privacy_mode: AlbumPrivacy,
  isShared: Type.Boolean(),
  password_protected: Type.Boolean(),
  permissions: Type.Number({ description: 'bits: 1 comments, 2 uploads' }),
  allow_comments: Type.Boolean(),
  allow_uploads: Type.Boolean(),
  participant_count: Type.Optional(Type.Number({ description: 'subscribers; only when shared' })),
  media_count: Type.Number(),
  comment_count: Type.Number(),
  reaction_count: Type.Number(),
  size: Type.Number({ description: 'bytes' }),
  has_heic: Type.Boolean(),
  attributes: Type.Object({ sort_order: AlbumFileSort }),
  last_update: Type.Number({ description: 'last file added or removed, else mtime' }),
  filesDateRange: Nullable(Type.Object({ start: Type.Number(), end: Type.Number() })),
  last_serial: Type.Number({ description: 'the change serial; the client keeps it as lastSeenSerial' }),
  role: AlbumRole,
  currentUserCan: CurrentUserCan,
  viewMode: Type.String(),
});
export type Album = Static<typeof Album>;

/** GET /jobs?stories=1 */
export const AlbumList = Type.Object({ jobs: Type.Array(Album) });
export type AlbumList = Static<typeof AlbumList>;

/** GET /jobs/{id}/info (core.md §3 Job info). */
export const JobInfo = Type.Object({
  id: Type.String(),
  type: Type.Union([Type.Literal('story'), Type.Literal('share'), Type.Literal('timeline')]),
  ctime: Type.Number(),
  mtime: Type.Number(),
  owner: Type.String({ description: "the owner's uuid" }),
  name: Type.String(),
  title: Type.String(),
  isShared: Type.Boolean(),
  coverPhoto: Nullable(Type.String()),
  sort_order: AlbumFileSort,
  viewMode: Type.String(),
});
export type JobInfo = Static<typeof JobInfo>;

export const AlbumUser = Type.Object({
  uuid: Type.String(),
  name: Type.String(),
  role: Type.Union([Type.Literal('owner'), Type.Literal('subscriber'), Type.Literal('guest')]),
  profile_picture_url: Type.Optional(Nullable(Type.String())),
});
export type AlbumUser = Static<typeof AlbumUser>;

/** GET /jobs/{id}/users?include_profile_url=1 */
export const AlbumUsers = Type.Object({ users: Type.Array(AlbumUser) });
export type AlbumUsers = Static<typeof AlbumUsers>;

export const AlbumNameRequest = Type.Object({ name: Type.String({ maxLength: 1024 }) });
export const AlbumCoverRequest = Type.Object({ id: Type.String({ minLength: 1, maxLength: 256 }) });
export const AlbumPrivacyRequest = Type.Object({ mode: PrivacyModeChange });
/** POST /jobs/{id}/password: a transformed password protects a shared album; '' removes it. */
export const AlbumPasswordRequest = Type.Object({
  password: Type.Union([TransformedPassword, Type.Literal('')]),
});
export type AlbumPasswordRequest = Static<typeof AlbumPasswordRequest>;
export const AlbumPermissionsRequest = Type.Object({
  allow_uploads: Type.Optional(Flag),
  allow_comments: Type.Optional(Flag),
});
export type AlbumPermissionsRequest = Static<typeof AlbumPermissionsRequest>;
export const AlbumAttributeRequest = Type.Object({ value: AlbumFileSort });
export const AlbumAttributeReply = Type.Object({ name: Type.Literal('sort_order'), value: AlbumFileSort });

/** POST /jobs/{id}/guest */
export const GuestRequest = Type.Object({
  name: Type.String({ maxLength: 1024, description: `trimmed, 1 to ${GUEST_NAME_MAX_LENGTH} characters` }),
});
export const GuestIdentity = Type.Object({
  guest_id: Type.String(),
  name: Type.String(),
  token: Type.String({ description: `sent back in ${GUEST_TOKEN_HEADER} on this album's calls` }),
});
export type GuestIdentity = Static<typeof GuestIdentity>;

/** core.md §5: the title as stored: trimmed, at most 255 characters. */
export const normaliseAlbumTitle = (title: string): string => title.trim().slice(0, ALBUM_TITLE_MAX_LENGTH);
