import { type Static, Type } from 'typebox';

/** core.md §3: how a file's type is shown (from its duration, else its extension). */
export const FileType = Type.Union([
  Type.Literal('Pictures'),
  Type.Literal('Movies'),
  Type.Literal('Documents'),
]);
export type FileType = Static<typeof FileType>;

export const EncodingStatus = Type.Union([
  Type.Literal('FETCHING'),
  Type.Literal('PROCESSING'),
  Type.Literal('ENCODED'),
  Type.Literal('ERROR'),
]);
export type EncodingStatus = Static<typeof EncodingStatus>;

export const GroupType = Type.Union([Type.Literal('live'), Type.Literal('burst')]);
export type GroupType = Static<typeof GroupType>;

export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/**
 * A file as every file call answers it. Times are epoch seconds; `timestamp` is the capture time
 * (else the file's mtime). URLs are signed capability URLs that expire; null until the media
 * processing can serve them.
 */
export const FileRecord = Type.Object({
  fileID: Type.String(),
  jobID: Type.String(),
  path: Type.String(),
  fileName: Type.String(),
  size: Type.Number(),
  ctime: Type.Number(),
  mtime: Type.Number(),
  timestamp: Type.Number(),
  uploadedTime: Type.Number(),
  checksum: Type.String({ description: 'SHA-256 of the bytes, lower-case hex' }),
  duration: Type.Number({ description: 'seconds; 0 for pictures and documents' }),
  user_uuid: Type.String(),
  file_type: FileType,
  is_screenshot: Type.Boolean(),
  group_type: Nullable(GroupType),
  group_id: Nullable(Type.String()),
  master: Type.Union([Type.Literal('1'), Type.Literal('0')]),
  width: Nullable(Type.Number()),
  height: Nullable(Type.Number()),
  encodingStatus: Type.Optional(EncodingStatus),
  thumbURLSmall: Nullable(Type.String()),
  thumbURLTile: Nullable(
    Type.String({ description: 'short edge 512: a grid cell on a dense screen (not in the spec)' }),
  ),
  thumbURLLarge: Nullable(Type.String()),
  thumbhash: Nullable(Type.String({ description: 'base64' })),
  previewURL: Nullable(Type.String()),
  videoURL: Type.Optional(Nullable(Type.String())),
});
export type FileRecord = Static<typeof FileRecord>;

export const UploadPolicy = Type.Union([Type.Literal('no_duplicates'), Type.Literal('keep_both')]);
export type UploadPolicy = Static<typeof UploadPolicy>;

/** POST /jobs/{id}/files_dedup */
export const DedupRequest = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 1024 }),
  checksum: Type.String({ pattern: '^[0-9a-fA-F]{64}$' }),
  mtime: Type.Number({ minimum: 0 }),
  ctime: Type.Optional(Type.Number({ minimum: 0 })),
  policy: Type.Optional(UploadPolicy),
  group_id: Type.Optional(Type.String({ maxLength: 255 })),
  group_type: Type.Optional(Type.Union([GroupType, Type.Literal('')])),
  master: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Boolean()])),
  want_json: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
});
export type DedupRequest = Static<typeof DedupRequest>;

export const DedupReply = Type.Union([
  Type.Object({ status: Type.Literal('linked'), uuid: Type.String(), file: FileRecord }),
  Type.Object({ status: Type.Literal('exists'), uuid: Type.String(), file: FileRecord }),
  Type.Object({ status: Type.Literal('upload_required') }),
]);
export type DedupReply = Static<typeof DedupReply>;

export const JobOwner = Type.Object({ uuid: Type.String(), name: Type.String(), email: Type.String() });

/** GET /jobs/default */
export const TimelineJob = Type.Object({
  id: Type.String(),
  type: Type.Literal('timeline'),
  name: Type.String(),
  ctime: Type.Number({ description: 'epoch seconds' }),
  mtime: Type.Number({ description: 'epoch seconds' }),
  owner: JobOwner,
  serial: Type.Number(),
});
export type TimelineJob = Static<typeof TimelineJob>;

/** GET /upload_config */
export const UploadConfig = Type.Object({
  resumable_threshold: Type.Number({ description: 'bytes; larger files upload with tus' }),
  max_file_size: Type.Number(),
  tus_endpoint: Type.String(),
});
export type UploadConfig = Static<typeof UploadConfig>;

/**
 * core.md §3 file existence: `exists` (live), `trashed` (in the trash, restorable). A path with
 * no file record (purged, or never there) answers 404 `{"error":"deleted"}`.
 */
export const FileExistence = Type.Union([
  Type.Literal('exists'),
  Type.Literal('deleted'),
  Type.Literal('trashed'),
]);
export type FileExistence = Static<typeof FileExistence>;

/** GET /jobs/{id}/metadata/{name}: the newest live file at the path, else the newest trashed one. */
export const FileMetadata = Type.Object({
  existence: FileExistence,
  deviceManufacturer: Nullable(Type.String()),
  deviceModel: Nullable(Type.String()),
  iso: Nullable(Type.Number()),
  aperture: Nullable(Type.Number()),
  exposure: Nullable(Type.String({ description: 'like "1/250"' })),
  focalLength: Nullable(Type.Number()),
  width: Nullable(Type.Number()),
  height: Nullable(Type.Number()),
  timestamp: Type.Number(),
  duration: Type.Number(),
  gps: Type.Optional(Type.Object({ latitude: Type.Number(), longitude: Type.Number() })),
});
export type FileMetadata = Static<typeof FileMetadata>;

/** GET /uploads/{tusId}: a client that reloaded asks how its resumable upload ended. */
export const TusUploadStatus = Type.Object({
  status: Type.Union([Type.Literal('processing'), Type.Literal('done'), Type.Literal('failed')]),
  file: Type.Optional(FileRecord),
  error: Type.Optional(Type.String()),
});
export type TusUploadStatus = Static<typeof TusUploadStatus>;

/** Metadata keys a tus upload carries (Upload-Metadata). */
export const TUS_METADATA_KEYS = ['job_id', 'path', 'filename', 'mtime', 'checksum'] as const;
export const FILE_ID_HEADER = 'X-Nordlys-File-Id';
export const DEFAULT_RESUMABLE_THRESHOLD = 64 * 1024 * 1024;
