import { type Static, Type } from 'typebox';
import { type EncodingStatus, type FileRecord, type FileType, Nullable } from './file';
import { jobMediaLinks, type MediaKind } from './media-links';

/**
 * `GET /jobs/{id}/timeline/tiles?start=&end=[&types=][&limit=&offset=]` → TimelineTiles: the same
 * window, order, paging and headers as `/jobs/{id}/files`, but only what the grid, the selection
 * and the viewer's filmstrip use, column by column. A month of ~5,000 files is a tenth of the
 * bytes of the full records and costs the server a fraction to read and encode. The job's media
 * grant (`sig`, valid until `exp`) goes once, so the client builds the very URLs a FileRecord
 * carries.
 * What else a file has (path, checksum, group) comes from `files_by_id`; the size comes along,
 * because a selection's download is split by it (core.md §5).
 */

export const TimelineTiles = Type.Object({
  jobID: Type.String(),
  /** Prefix of every media URL: PUBLIC_URL, or '' for root-relative URLs. */
  origin: Type.String(),
  /** Expiry (epoch seconds) of the grant. */
  exp: Type.Integer(),
  /** Distinct uploaders; `user` holds an index into this list per file. */
  users: Type.Array(Type.String()),
  fileID: Type.Array(Type.String()),
  fileName: Type.Array(Type.String()),
  timestamp: Type.Array(Type.Number()),
  duration: Type.Array(Type.Number()),
  /** Bytes, as the records' `size`. */
  size: Type.Array(Type.Number()),
  user: Type.Array(Type.Integer({ minimum: 0 })),
  /** File type, screenshot, media kind and encoding status: see encodeTileFlags. */
  flags: Type.Array(Type.Integer({ minimum: 0 })),
  width: Type.Array(Nullable(Type.Number())),
  height: Type.Array(Nullable(Type.Number())),
  thumbhash: Type.Array(Nullable(Type.String())),
  /**
   * The job's media grant, which every file's URLs carry. Null when the server signs no URLs (no
   * media side): the client shows placeholders.
   */
  sig: Nullable(Type.String()),
});
export type TimelineTiles = Static<typeof TimelineTiles>;

/** What the timeline keeps per file: the part of a FileRecord a tile listing carries. */
export type TimelineFile = Pick<
  FileRecord,
  | 'fileID'
  | 'jobID'
  | 'fileName'
  | 'timestamp'
  | 'duration'
  | 'size'
  | 'user_uuid'
  | 'file_type'
  | 'is_screenshot'
  | 'width'
  | 'height'
  | 'encodingStatus'
  | 'thumbURLSmall'
  | 'thumbURLTile'
  | 'thumbURLLarge'
  | 'thumbhash'
  | 'previewURL'
  | 'videoURL'
>;

/** The flag fields' values by their number; a server may compute flags from these in SQL. */
export const TILE_FILE_TYPES: readonly FileType[] = ['Pictures', 'Movies', 'Documents'];
export const TILE_MEDIA_KINDS: readonly MediaKind[] = ['picture', 'movie', 'document'];
export const TILE_ENCODINGS: readonly (EncodingStatus | undefined)[] = [
  undefined,
  'FETCHING',
  'PROCESSING',
  'ENCODED',
  'ERROR',
];

export interface TileFlags {
  fileType: FileType;
  isScreenshot: boolean;
  mediaKind: MediaKind;
  /** Movies only. */
  encodingStatus?: EncodingStatus;
}

/** Bits 0-1 file type, bit 2 screenshot, bits 3-4 media kind, bits 5-7 encoding status. */
export const TILE_FLAG_SHIFT = { screenshot: 2, mediaKind: 3, encoding: 5 } as const;

export function encodeTileFlags(flags: TileFlags): number {
  return (
    TILE_FILE_TYPES.indexOf(flags.fileType) |
    ((flags.isScreenshot ? 1 : 0) << TILE_FLAG_SHIFT.screenshot) |
    (TILE_MEDIA_KINDS.indexOf(flags.mediaKind) << TILE_FLAG_SHIFT.mediaKind) |
    (TILE_ENCODINGS.indexOf(flags.encodingStatus) << TILE_FLAG_SHIFT.encoding)
  );
}

export function decodeTileFlags(value: number): TileFlags {
  const fileType = TILE_FILE_TYPES[value & 3];
  const mediaKind = TILE_MEDIA_KINDS[(value >> TILE_FLAG_SHIFT.mediaKind) & 3];
  if (!fileType || !mediaKind) throw new Error(`invalid tile flags ${value}`);
  const encodingStatus = TILE_ENCODINGS[(value >> TILE_FLAG_SHIFT.encoding) & 7];
  return {
    fileType,
    isScreenshot: ((value >> TILE_FLAG_SHIFT.screenshot) & 1) !== 0,
    mediaKind,
    ...(encodingStatus ? { encodingStatus } : {}),
  };
}

/** The listing as records, each with the URLs the server would have minted for it. */
export function expandTiles(tiles: TimelineTiles): TimelineFile[] {
  const files: TimelineFile[] = new Array(tiles.fileID.length);
  const { sig, jobID } = tiles;
  const linksOf = sig === null ? null : jobMediaLinks(tiles.origin, { jobId: jobID, exp: tiles.exp, sig });
  // A listing holds a handful of distinct flag values.
  const flagsOf = new Map<number, TileFlags>();
  for (let i = 0; i < files.length; i += 1) {
    const fileID = tiles.fileID[i] as string;
    const value = tiles.flags[i] as number;
    let flags = flagsOf.get(value);
    if (!flags) {
      flags = decodeTileFlags(value);
      flagsOf.set(value, flags);
    }
    const links = linksOf?.(fileID, flags.mediaKind) ?? null;
    const isMovie = flags.fileType === 'Movies';
    files[i] = {
      fileID,
      jobID,
      fileName: tiles.fileName[i] as string,
      timestamp: tiles.timestamp[i] as number,
      duration: tiles.duration[i] as number,
      size: tiles.size[i] as number,
      user_uuid: tiles.users[tiles.user[i] as number] as string,
      file_type: flags.fileType,
      is_screenshot: flags.isScreenshot,
      width: tiles.width[i] ?? null,
      height: tiles.height[i] ?? null,
      ...(isMovie ? { encodingStatus: flags.encodingStatus ?? 'FETCHING' } : {}),
      thumbURLSmall: links?.thumbURLSmall ?? null,
      thumbURLTile: links?.thumbURLTile ?? null,
      thumbURLLarge: links?.thumbURLLarge ?? null,
      thumbhash: tiles.thumbhash[i] ?? null,
      previewURL: links?.previewURL ?? null,
      ...(isMovie ? { videoURL: links?.videoURL ?? null } : {}),
    };
  }
  return files;
}
