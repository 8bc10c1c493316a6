import { type Static, Type } from 'typebox';
import { JobChange } from './timeline';

/**
 * The job change feed (core.md §4) and the poll host (§7). Every change to a job bumps its serial
 * in the transaction that makes the change; `GET /st/4/jobs/{id}/changes?since=N` (timeline.ts
 * JobChanges) answers those after N, oldest first, each once.
 * - `GET /st/4/jobs/{id}/changes_and_async_upload_status?since=N` → ChangesAndUploadStatus.
 * - `GET {pollHost}/poll/jobs/{id}/poll?seq=N` → PollReply: held until the job's serial passes N
 *   (`ok` with the serial at once if it already has), or until POLL_HOLD_MS pass (`timeout`).
 *   The same access rules as reading the job.
 */

// The file codes sit with the timeline's JobChange, which this module builds on.
export { CHANGE_FILE_ADDED, CHANGE_FILE_REMOVED } from './timeline';
/** fields: CommentChangeFields; an empty comment means deleted. */
export const CHANGE_COMMENT = 10;
/** Something about the job itself changed (name, cover, settings): read it again. */
export const CHANGE_EVENT_MARKER = 11;
/** fields: ReactionChangeFields; an empty reaction means removed. */
export const CHANGE_REACTION = 12;

export const POLL_HOLD_MS = 30_000;
export const POLL_RETRY_NO_CHANGES_MS = 400;
export const POLL_RETRY_FAILED_MS = 1000;
/** core.md §9: the upload status is read this often while uploads are processing. */
export const UPLOAD_STATUS_POLL_MS = 2500;

export const pollPath = (jobId: string) => `/poll/jobs/${encodeURIComponent(jobId)}/poll`;

export const PollReply = Type.Union([
  Type.Object({ result: Type.Literal('ok'), seq: Type.Integer() }),
  Type.Object({ result: Type.Literal('timeout') }),
]);
export type PollReply = Static<typeof PollReply>;

export interface CommentChangeFields {
  fileID: string;
  /** Empty when the comment was deleted. */
  comment: string;
  author?: { uuid: string; name: string; guest: boolean };
  timestamp?: number;
  lastEditTimestamp?: number | null;
  /**
   * What the reader of the feed may do with the comment (comment-rights.ts), added when the feed
   * is read, never stored: the same change answers each caller with their own.
   */
  canEdit?: boolean;
  canDelete?: boolean;
}

export interface ReactionChangeFields {
  fileID: string;
  /** The user (or guest) who loved or stopped loving. */
  user: string;
  /** 'love', or empty when removed. */
  reaction: string;
  /** Loves on the file after this change. */
  count: number;
}

export const AsyncUploadStatus = Type.Object({
  /** The caller's files in this job whose thumbnails or video encodes are still being made. */
  processing: Type.Array(Type.String()),
});
export type AsyncUploadStatus = Static<typeof AsyncUploadStatus>;

/**
 * JobChanges with the upload status. Its fields are named, not spread from JobChanges.properties:
 * reading a property at module level keeps every schema build (and TypeBox) in the web client's
 * first load, where only the types and constants are used.
 */
export const ChangesAndUploadStatus = Type.Object({
  serial: Type.Integer(),
  changes: Type.Array(JobChange),
  async_upload_status: AsyncUploadStatus,
});
export type ChangesAndUploadStatus = Static<typeof ChangesAndUploadStatus>;
