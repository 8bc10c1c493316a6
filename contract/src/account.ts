import { type Static, Type } from 'typebox';
import { LOCALES } from './constants';
import { PlainText } from './plain-text';

/**
 * Sign-in, account and devices: the wire contract between the web client and the server.
 * Every path is under API_BASE (/st/4), accepts the common query parameters, and authenticates
 * with HTTP basic auth whose password is the device token (the user name is ignored).
 *
 * Sign-in (authorization code with PKCE S256):
 * 1. `GET /login/config` (no auth) → LoginConfig.
 * 2. The client sends the browser to `authorization_endpoint` with response_type=code,
 *    client_id, scope, redirect_uri = `<origin>` + redirect_path, state, code_challenge and
 *    code_challenge_method=S256; `prompt=create` opens the create-account form first.
 * 3. The provider redirects back to redirect_uri with `code` and `state`.
 * 4. `POST /login/exchange` (no auth) with LoginExchangeRequest → LoginExchangeResponse.
 *    A bad, expired or reused code or a wrong verifier answers 400 `{ error: 'invalid_grant' }`,
 *    a disabled account 401 `{ error: 'user_disabled' }`.
 *
 * Account: `GET /account_info` → AccountInfo; `POST /name` NameRequest → AccountInfo;
 * `POST /profile_picture` multipart field `file` (an image, at most 10 MB) → 201
 * ProfilePictureResponse, whose URL loads without auth; `POST /logout` → 204 (this device's
 * token stops working).
 *
 * Devices: `GET /devices` → DeviceList; `DELETE /devices/{id}` → 204, 404 when the id is not one
 * of the caller's devices; the removed device's token stops working at once.
 *
 * Per-user storage: `POST /account_attribute` AccountAttribute → 200 AccountAttribute;
 * `GET /account_attribute?key=` → AccountAttribute or 404; `DELETE /account_attribute?key=` → 204.
 * `GET /options/{name}` → UserOption or 404; `PUT /options/{name}` OptionValue → 200 UserOption;
 * `DELETE /options/{name}` → 204. `POST /client_stats` ClientStats → 204;
 * `POST /user_statistics_events` StatisticsEvents → 204.
 *
 * Errors are `{ error: string }`; a 400 names the failing field (`body.name must …`). Names,
 * device names, option names and attribute keys refuse control characters (`body.name must not
 * contain control characters`), and a JSON value of another type is refused, never converted.
 */

export const LOGIN_SCOPE = 'openid email profile';
export const LOGIN_REDIRECT_PATH = '/login/callback';
export const WEB_CLIENT_ID = 'nordlys-web';
export const ATTRIBUTE_KEY_MAX_LENGTH = 128;
/** Values are strings of at most 64 KiB (UTF-8 bytes). */
export const ATTRIBUTE_VALUE_MAX_BYTES = 64 * 1024;
export const STATISTICS_EVENTS_MAX = 100;
export const PROFILE_PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const PROFILE_PICTURE_SIZE = 512;

/** Device ids a client may hold before it has a real one; the server replaces them with a fresh id. */
export const PLACEHOLDER_DEVICE_IDS: readonly string[] = [
  '00000000-0000-0000-0000-000000000000',
  'undefined',
  'null',
  'unknown',
];

export function isPlaceholderDeviceId(id: string | null | undefined): boolean {
  const trimmed = id?.trim();
  if (!trimmed) return true;
  return PLACEHOLDER_DEVICE_IDS.includes(trimmed.toLowerCase()) || /^[0-]+$/.test(trimmed);
}

export const LoginConfig = Type.Object({
  issuer: Type.String(),
  /** Absolute URL of the provider's authorization endpoint. */
  authorization_endpoint: Type.String(),
  client_id: Type.String(),
  scope: Type.Literal(LOGIN_SCOPE),
  redirect_path: Type.Literal(LOGIN_REDIRECT_PATH),
});
export type LoginConfig = Static<typeof LoginConfig>;

export const LoginExchangeRequest = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 4096 }),
  code_verifier: Type.String({ minLength: 43, maxLength: 128 }),
  redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
  device_id: Type.Optional(Type.String({ maxLength: 128 })),
  device_name: Type.Optional(PlainText({ maxLength: 255 })),
});
export type LoginExchangeRequest = Static<typeof LoginExchangeRequest>;

export const FileTypeCounters = Type.Object({
  picture_count: Type.Integer(),
  screenshot_count: Type.Integer(),
  video_count: Type.Integer(),
  document_count: Type.Integer(),
});
export type FileTypeCounters = Static<typeof FileTypeCounters>;

/**
 * account.md §7: `GET /account_info` carries the app language, as the query parameter `language`
 * with the locale the app shows (nb_NO, en_US, sv_SE, bg_BG).
 */
export const AccountInfoQuery = {
  language: Type.Optional(Type.Union(LOCALES.map((locale) => Type.Literal(locale)))),
};

export const AccountInfo = Type.Object({
  uuid: Type.String(),
  name: Type.String(),
  /** The e-mail address signed in with. */
  logged_in_as: Type.String(),
  profile_picture_url: Type.Union([Type.String(), Type.Null()]),
  /** Bytes. */
  used_space: Type.Number(),
  /** Bytes: the sum of the account's unexpired storage grants. */
  max_space: Type.Number(),
  has_files_not_media: Type.Boolean(),
  tos_to_approve: Type.Union([Type.String(), Type.Null()]),
  is_read_only_user: Type.Boolean(),
  isBeingShutDown: Type.Boolean(),
  sunset_delete_date: Type.Union([Type.String(), Type.Null()]),
  number_of_subscribed_albums: Type.Integer(),
  permitted_services: Type.Object({ analytics: Type.Boolean() }),
  file_type_counters: FileTypeCounters,
});
export type AccountInfo = Static<typeof AccountInfo>;

export const LoginExchangeResponse = Type.Object({
  auth_token: Type.String(),
  /** The id this device is known by: the one sent, or a fresh one when it was missing or a placeholder. */
  device_id: Type.String(),
  account_info: AccountInfo,
});
export type LoginExchangeResponse = Static<typeof LoginExchangeResponse>;

export const NameRequest = Type.Object({ name: PlainText({ maxLength: 255 }) });
export type NameRequest = Static<typeof NameRequest>;

export const ProfilePictureResponse = Type.Object({ profile_picture_url: Type.String() });
export type ProfilePictureResponse = Static<typeof ProfilePictureResponse>;

export const Device = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** Epoch milliseconds. */
  created_at: Type.Number(),
  /** Epoch milliseconds, updated at most once a minute. */
  last_seen_at: Type.Number(),
});
export type Device = Static<typeof Device>;

export const DeviceList = Type.Object({
  /** The id of the device making the call. */
  current: Type.String(),
  devices: Type.Array(Device),
});
export type DeviceList = Static<typeof DeviceList>;

const Key = PlainText({ minLength: 1, maxLength: ATTRIBUTE_KEY_MAX_LENGTH });
const Value = Type.String({ maxLength: ATTRIBUTE_VALUE_MAX_BYTES });

export const AccountAttribute = Type.Object({ key: Key, value: Value });
export type AccountAttribute = Static<typeof AccountAttribute>;

export const OptionValue = Type.Object({ value: Value });
export type OptionValue = Static<typeof OptionValue>;

export const UserOption = Type.Object({ name: Key, value: Value });
export type UserOption = Static<typeof UserOption>;

/** Epoch milliseconds as a client sends them; stored rounded, in a 64-bit integer column. */
const EpochMs = () => Type.Number({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

export const ClientStats = Type.Object({
  last_foreground: Type.Optional(EpochMs()),
  last_engaged: Type.Optional(EpochMs()),
});
export type ClientStats = Static<typeof ClientStats>;

export const StatisticsEvent = Type.Object({
  name: PlainText({ minLength: 1, maxLength: ATTRIBUTE_KEY_MAX_LENGTH }),
  timestamp: EpochMs(),
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type StatisticsEvent = Static<typeof StatisticsEvent>;

export const StatisticsEvents = Type.Object({
  events: Type.Array(StatisticsEvent, { maxItems: STATISTICS_EVENTS_MAX }),
});
export type StatisticsEvents = Static<typeof StatisticsEvents>;
