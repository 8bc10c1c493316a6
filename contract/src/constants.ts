/** Constants shared by the server and the web client (core.md §9, account.md §9). */
export const CLIENT_VERSION = '1.2.3300.3';
export const API_BASE = '/st/4';
export const THUMB_BASE = '/th/3';

export const LOCALES = ['nb_NO', 'en_US', 'sv_SE', 'bg_BG'] as const;
export type Locale = (typeof LOCALES)[number];

/** Query parameters every client call carries; the server accepts them on every route. */
export const COMMON_QUERY_PARAMS = ['app_key', 'client_v', 'device_id', 'foreign_auth'] as const;

export const GIB = 1024 ** 3;
export const FREE_STORAGE_GIB = 15;
export const NAME_MAX_LENGTH = 255;
export const TRASH_RETENTION_DAYS = 90;
export const SHARE_VALIDITY_DAYS = 30;
export const MAX_UPLOAD_BYTES = 200 * GIB;
