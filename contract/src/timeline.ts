import { type Static, Type } from 'typebox';
import { FileRecord } from './file';

/**
 * Timeline, selection actions and trash: the wire contract. Every path is under API_BASE (/st/4),
 * accepts the common query parameters and needs a signed-in device (401 otherwise). A job id that
 * is not the caller's answers 404 (existence is not revealed). A bad parameter answers 400 naming
 * the field (`querystring.end must …`).
 *
 * - `GET /jobs/{id}/timeline/months[?filter=all|only_images|only_videos]` → TimelineMonths.
 *   Months are by capture time (`timestamp`) in UTC, newest first; only months with at least one
 *   counted file appear. Documents are counted but the timeline shows pictures and videos only:
 *   with filter=all a month may hold only documents (pictures + videos = 0), so skip those.
 *   `screenshots` is a subset of `pictures`. startDay/endDay span the month's pictures and
 *   videos (its documents when it has no media); with only_images/only_videos, that kind only.
 * - `GET /jobs/{id}/files?start=&end=[&types=][&uploaded_since=][&recursive=1][&limit=&offset=]`
 *   → TimelineFiles; `start`/`end` are epoch seconds, inclusive; newest first, then by fileID.
 *   Headers: `X-Last-Event-Serial` (the job's serial when the list was read) and `X-Total-Items`
 *   (how many match, ignoring limit/offset). Without `types` every type is listed (documents too);
 *   the timeline passes `types=Pictures,Movies`, the documents page `types=Documents`. Without
 *   start/end the whole job is listed. `recursive` is accepted and has no effect (a job is flat).
 * - `GET /jobs/{id}/recents` → RecentCounts (pictures and videos uploaded in the last 1, 7, 30 days).
 * - `GET /jobs/{id}/stats` → TimelineStats (like account_info: picture_count leaves out screenshots).
 * - `GET /jobs/{id}/changes?since=N` → JobChanges (changes with serial > since, oldest first).
 * - `DELETE /jobs/{id}/files_by_id/{fileId}` → `{ used_space }` (moves to the trash).
 * - `POST /jobs/{id}/delete_files` FileUuidsRequest → BulkFileResults (moves to the trash).
 * - `POST /trash_can/restore` FileUuidsRequest → BulkFileResults (Undo and trash restore).
 * - `POST /empty_trash_can` EmptyTrashRequest → EmptyTrashReply (only files already in the trash).
 * - `POST /jobs/default/copy_files`, body text/plain: file ids joined by newlines → CopyFilesReply;
 *   413 `{ error: 'out_of_storage' }` when the batch does not fit the caller's quota.
 */

export const TIMELINE_FILTERS = ['all', 'only_images', 'only_videos'] as const;
export const TimelineFilter = Type.Union([
  Type.Literal('all'),
  Type.Literal('only_images'),
  Type.Literal('only_videos'),
]);
export type TimelineFilter = Static<typeof TimelineFilter>;

/** Most ids one bulk call accepts (core.md §9: restore chunk 200). */
export const BULK_CHUNK = 200;
export const FILES_DEFAULT_LIMIT = 5000;
export const FILES_MAX_LIMIT = 10000;
export const LAST_EVENT_SERIAL_HEADER = 'X-Last-Event-Serial';
export const TOTAL_ITEMS_HEADER = 'X-Total-Items';

export const TimelineMonth = Type.Object({
  year: Type.Integer(),
  month: Type.Integer({ minimum: 1, maximum: 12 }),
  /** Day of month (1-31, UTC) of the earliest and latest counted file in the month. */
  startDay: Type.Integer({ minimum: 1, maximum: 31 }),
  endDay: Type.Integer({ minimum: 1, maximum: 31 }),
  pictures: Type.Integer({ minimum: 0 }),
  videos: Type.Integer({ minimum: 0 }),
  /** Pictures that are screenshots (a subset of `pictures`). */
  screenshots: Type.Integer({ minimum: 0 }),
  documents: Type.Integer({ minimum: 0 }),
});
export type TimelineMonth = Static<typeof TimelineMonth>;

export const TimelineMonths = Type.Object({ months: Type.Array(TimelineMonth) });
export type TimelineMonths = Static<typeof TimelineMonths>;

export const TimelineFiles = Type.Object({ files: Type.Array(FileRecord) });
export type TimelineFiles = Static<typeof TimelineFiles>;

export const RecentCounts = Type.Object({
  recents_1: Type.Integer({ minimum: 0 }),
  recents_7: Type.Integer({ minimum: 0 }),
  recents_30: Type.Integer({ minimum: 0 }),
});
export type RecentCounts = Static<typeof RecentCounts>;

export const TimelineStats = Type.Object({
  picture_count: Type.Integer({ minimum: 0 }),
  video_count: Type.Integer({ minimum: 0 }),
  screenshot_count: Type.Integer({ minimum: 0 }),
  document_count: Type.Integer({ minimum: 0 }),
});
export type TimelineStats = Static<typeof TimelineStats>;

/** core.md §4 job change feed: 0 file added, 1 file removed (others come with albums). */
export const CHANGE_FILE_ADDED = 0;
export const CHANGE_FILE_REMOVED = 1;

export const JobChange = Type.Object({
  serial: Type.Integer(),
  type: Type.Integer(),
  /** The file id for types 0 and 1. */
  id: Type.String(),
  fields: Type.Record(Type.String(), Type.Unknown()),
});
export type JobChange = Static<typeof JobChange>;

export const JobChanges = Type.Object({
  /** The job's current serial: pass it as `since` next time. */
  serial: Type.Integer(),
  changes: Type.Array(JobChange),
});
export type JobChanges = Static<typeof JobChanges>;

export const FileUuidsRequest = Type.Object({
  file_uuids: Type.Array(Type.String({ minLength: 1, maxLength: 256 }), {
    minItems: 1,
    maxItems: BULK_CHUNK,
  }),
});
export type FileUuidsRequest = Static<typeof FileUuidsRequest>;

export const BULK_ERROR_REASONS = ['not_found', 'forbidden', 'out_of_storage', 'not_in_trash'] as const;
export const BulkErrorReason = Type.Union([
  Type.Literal('not_found'),
  Type.Literal('forbidden'),
  Type.Literal('out_of_storage'),
  Type.Literal('not_in_trash'),
]);
export type BulkErrorReason = Static<typeof BulkErrorReason>;

export const BulkFileResult = Type.Object({
  file_uuid: Type.String(),
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  error_reason: Type.Optional(BulkErrorReason),
});
export type BulkFileResult = Static<typeof BulkFileResult>;

export const BulkFileResults = Type.Object({
  results: Type.Array(BulkFileResult),
  used_space: Type.Number({ description: 'bytes' }),
  max_space: Type.Number({ description: 'bytes' }),
});
export type BulkFileResults = Static<typeof BulkFileResults>;

export const EmptyTrashRequest = Type.Object({
  fileid: Type.Union([
    Type.String({ minLength: 1, maxLength: 256 }),
    Type.Array(Type.String({ minLength: 1, maxLength: 256 }), { minItems: 1, maxItems: BULK_CHUNK }),
  ]),
});
export type EmptyTrashRequest = Static<typeof EmptyTrashRequest>;

export const EmptyTrashReply = Type.Object({
  results: Type.Array(BulkFileResult),
  used_space: Type.Number({ description: 'bytes' }),
});
export type EmptyTrashReply = Static<typeof EmptyTrashReply>;

export const CopyFilesReply = Type.Object({
  copied: Type.Array(Type.Object({ from: Type.String(), to: Type.String() })),
  failed: Type.Array(
    Type.Object({
      id: Type.String(),
      reason: Type.Union([Type.Literal('not_found'), Type.Literal('unknown')]),
    }),
  ),
});
export type CopyFilesReply = Static<typeof CopyFilesReply>;
