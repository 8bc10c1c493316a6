import { type Static, Type } from 'typebox';
import { Nullable } from './file';
import { PlainText } from './plain-text';

/**
 * Shares of files (core.md §3 Share, §7 share creation). Calls, all under /st/4, errors as `{ error }`:
 * - `POST /shares` CreateShareRequest → CreateShareReply (201): the caller's own live files.
 * - `GET /shares/{id}` → Share, for anyone with the link; a password share wants the password as
 *   typed in SHARE_PASSWORD_HEADER (403 'public job auth failed' without it or when wrong, 429
 *   while guesses are locked out). Expired, stopped and unknown shares answer 404.
 * - `DELETE /shares/{id}` → 204, the owner only.
 * - `POST /shares/{id}/email` EmailShareRequest → 204: the link sent by e-mail from the owner.
 * - `POST /shares/{id}/copy_to_timeline` → timeline.ts CopyFilesReply (signed in, not read-only).
 * - `POST /jobs/{id}/publish` PublishRequest → 204: an album's link sent by its owner.
 * The media URLs in a Share are signed for that share: they open its own files and nothing else.
 */

/** core.md §9: a link stays valid 30 days. */
export const SHARE_LINK_VALIDITY_DAYS = 30;
export const SHARE_LINK_VALIDITY_MS = SHARE_LINK_VALIDITY_DAYS * 24 * 60 * 60 * 1000;
/** Files in one share; a selection is at most this big anyway. */
export const SHARE_MAX_FILES = 5000;
export const SHARE_PASSWORD_HEADER = 'X-Share-Password';
export const SHARE_PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_RECIPIENTS = 50;
export const EMAIL_SUBJECT_MAX_LENGTH = 255;
export const EMAIL_MESSAGE_MAX_LENGTH = 5000;

/** core.md §5: what counts as one valid e-mail address in the share form and the API. */
export const EMAIL_ADDRESS_PATTERN = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;
export const isEmailAddress = (value: string): boolean =>
  value.length <= 254 && EMAIL_ADDRESS_PATTERN.test(value);

/** core.md §2 link suffixes: the recipient's link says how it came (e-mail, SMS, copied). */
export const LINK_SUFFIX = { email: '#se', sms: '#sms', copy: '#sc' } as const;
export type LinkChannel = keyof typeof LINK_SUFFIX;
export const linkFor = (url: string, channel: LinkChannel) => `${url}${LINK_SUFFIX[channel]}`;

/** The path of the share receiver for a share id (core.md §2 routes). */
export const sharePath = (shareId: string) => `/share/${encodeURIComponent(shareId)}`;

/** Share ids are 22 base64url characters (128 random bits). */
export const ShareId = Type.String({ pattern: '^[A-Za-z0-9_-]{22}$' });

export const CreateShareRequest = Type.Object(
  {
    file_ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
      minItems: 1,
      maxItems: SHARE_MAX_FILES,
    }),
    password: Type.Optional(PlainText({ minLength: 1, maxLength: SHARE_PASSWORD_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type CreateShareRequest = Static<typeof CreateShareRequest>;

export const CreateShareReply = Type.Object({ id: Type.String(), link: Type.String() });
export type CreateShareReply = Static<typeof CreateShareReply>;

/** core.md §3 share file; `downloadURL` is the file's bytes, signed for the share. */
export const ShareFile = Type.Object({
  fileID: Type.String(),
  path: Type.String(),
  mime: Type.String(),
  size: Type.Number(),
  duration: Nullable(Type.Number()),
  width: Nullable(Type.Number()),
  height: Nullable(Type.Number()),
  thumbURLSmall: Nullable(Type.String()),
  thumbURLLarge: Nullable(Type.String()),
  downloadURL: Type.String(),
});
export type ShareFile = Static<typeof ShareFile>;

export const Share = Type.Object({
  id: Type.String(),
  link: Type.String(),
  isAlbum: Type.Boolean(),
  owner: Type.Object({ userID: Type.String(), name: Type.String(), email: Type.String() }),
  /** Epoch milliseconds after which the link answers 404. */
  expires: Type.Number(),
  hasPassword: Type.Boolean(),
  /** Pictures and movies, for the grid. */
  thumbFiles: Type.Array(ShareFile),
  /** Documents, as chips. */
  docFiles: Type.Array(ShareFile),
});
export type Share = Static<typeof Share>;

export const EmailShareRequest = Type.Object(
  {
    recipients: Type.Array(Type.String({ minLength: 3, maxLength: 254 }), {
      minItems: 1,
      maxItems: EMAIL_MAX_RECIPIENTS,
    }),
    subject: PlainText({ minLength: 1, maxLength: EMAIL_SUBJECT_MAX_LENGTH }),
    message: Type.Optional(Type.String({ maxLength: EMAIL_MESSAGE_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type EmailShareRequest = Static<typeof EmailShareRequest>;

/** core.md §7 `POST /jobs/{id}/publish`: an album's link by e-mail; to_email is comma separated. */
export const PublishRequest = Type.Object(
  {
    to_email: Type.String({ minLength: 3, maxLength: EMAIL_MAX_RECIPIENTS * 255 }),
    subject: PlainText({ minLength: 1, maxLength: EMAIL_SUBJECT_MAX_LENGTH }),
    message: Type.Optional(Type.String({ maxLength: EMAIL_MESSAGE_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type PublishRequest = Static<typeof PublishRequest>;

/** core.md §5: recipients split on commas, each trimmed; empty pieces are ignored. */
export const splitRecipients = (value: string): string[] =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

/** core.md §5 e-mail share form: recipients comma separated, each valid; subject required; message optional. */
export function emailFormCheck(form: { recipients: string; subject: string }) {
  const recipients = splitRecipients(form.recipients);
  const recipientsValid = recipients.length > 0 && recipients.every(isEmailAddress);
  const subjectValid = form.subject.trim().length > 0;
  return { recipients, recipientsValid, subjectValid, canSubmit: recipientsValid && subjectValid };
}

/**
 * The day a link stops working, written the same in its e-mail and on its page: the locale's long
 * date ("December 28, 2026"), in UTC so the two never disagree across time zones.
 */
export const linkExpiryDate = (expiresAt: number, localeTag: string): string =>
  new Intl.DateTimeFormat(localeTag, { dateStyle: 'long', timeZone: 'UTC' }).format(expiresAt);
