import { type Static, Type } from 'typebox';
import { GIB } from './constants';

/**
 * Archive downloads (core.md §5, §7; account.md §2): the wire contract. Paths are under API_BASE
 * (/st/4).
 *
 * - `POST /jobs/{id}/files_as_archive` ArchiveRequest → a ZIP streamed while it is built (the
 *   caller's session, or an album visitor's password and guest token). No `file_ids` means every
 *   live file of the job.
 * - `POST /jobs/{id}/files_as_archive/link` ArchiveRequest → ArchiveLink: the same archive as a
 *   short-lived signed `GET` URL a plain browser download can follow without an auth header.
 *   Minted only for a caller who may read every file named.
 * - `GET /jobs/{id}/files_as_archive?t=&exp=&sig=` → the ZIP of a minted link.
 * - `GET /trash_can/files_as_archive` (signed-in) and `POST /trash_can/files_as_archive/link` → the
 *   trash, or the trashed files named, as one archive.
 */

/** core.md §5: one download holds at most this many items... */
export const DOWNLOAD_MAX_ITEMS = 500;
/** ...and at most this many bytes: 3.5 GB in the 1024-based units the client shows (core.md §9). */
export const DOWNLOAD_MAX_BYTES = 3.5 * GIB;
/** Seconds a minted archive link stays valid. */
export const ARCHIVE_LINK_TTL_SECONDS = 10 * 60;

export const ArchiveMode = Type.Union([
  Type.Literal('download'),
  Type.Literal('export'),
  Type.Literal('takeout'),
]);
export type ArchiveMode = Static<typeof ArchiveMode>;

const FileUuid = Type.String({
  pattern: '^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$',
});

export const ArchiveRequest = Type.Object({
  /** The files to pack; absent means the whole job. */
  file_ids: Type.Optional(Type.Array(FileUuid, { minItems: 1, maxItems: DOWNLOAD_MAX_ITEMS })),
  /** Every entry at the archive's root (file names only), instead of under its folder path. */
  flattened: Type.Optional(Type.Boolean()),
  /** HEIC/HEIF pictures go in as JPEG. */
  heic_to_jpeg: Type.Optional(Type.Boolean()),
  /** Only the master of a live photo or burst group. */
  master_only: Type.Optional(Type.Boolean()),
  /** Accepted for compatibility: files have no stored revisions, so nothing more is added. */
  include_subrevisions: Type.Optional(Type.Boolean()),
  /** The name the browser saves the archive under (".zip" is added when missing). */
  zip_filename: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  mode: Type.Optional(ArchiveMode),
});
export type ArchiveRequest = Static<typeof ArchiveRequest>;

export const ArchiveLink = Type.Object({
  /** Absolute when the server knows its public URL, else root-relative. */
  url: Type.String(),
  /** Epoch seconds after which the link is refused. */
  expires: Type.Integer(),
});
export type ArchiveLink = Static<typeof ArchiveLink>;
