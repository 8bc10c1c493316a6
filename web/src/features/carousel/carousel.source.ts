import type { FileRecord } from '@nordlys/contract/file';
import { CHANGE_FILE_REMOVED } from '@nordlys/contract/timeline';
import { DEFAULT_JOB, fetchFile } from '../../api/files.api';
import { fetchChanges, fetchFiles, TIMELINE_TYPES } from '../../api/timeline.api';
import type { Direction } from './carousel.slice';

/**
 * Where the viewer's files come from. The default asks the server; the app can pass the timeline's
 * loaded list instead. `before` are newer files (previous), `after` older ones (next), each
 * ordered newest first.
 */
export interface CarouselSource {
  load(
    fileId: string,
    signal?: AbortSignal,
  ): Promise<{ file: FileRecord; before: FileRecord[]; after: FileRecord[]; serial?: number | null }>;
  /** Files beyond `edge` in a direction; an empty list means the end. */
  more(edge: FileRecord, direction: Direction, signal?: AbortSignal): Promise<FileRecord[]>;
  /** A fresh record (new signed URLs, finished encode). */
  refresh(file: FileRecord, signal?: AbortSignal): Promise<FileRecord>;
  /**
   * Files removed since `serial` (the one `load` read its files at) by another device or tab, the
   * serial to ask from next and how many changes of any kind were read. Without it the viewer
   * follows only removals made here.
   */
  removedSince?(
    serial: number,
    signal?: AbortSignal,
  ): Promise<{ serial: number; removed: string[]; changes: number }>;
  /** The job whose change feed (the app's syncer) wakes `removedSince`, and the headers its poll needs. */
  feed?: { jobId: string; headers?: Record<string, string> };
}

export const CAROUSEL_WINDOW = 60;
// An upper bound for "now" that tolerates files whose clock ran ahead of ours.
const FUTURE_SLACK_S = 366 * 24 * 3600;

/** Older files than `timestamp` (and its ties): the first page of a newest-first window. */
const older = (jobId: string, timestamp: number, signal?: AbortSignal) =>
  fetchFiles(jobId, { start: 0, end: timestamp, types: TIMELINE_TYPES, limit: CAROUSEL_WINDOW }, signal);

/**
 * Newer files than `timestamp` (and its ties). The list is newest first, so the closest ones are
 * at its end: read the count, then the last page.
 */
async function newer(jobId: string, timestamp: number, now: number, signal?: AbortSignal) {
  const query = { start: timestamp, end: now + FUTURE_SLACK_S, types: TIMELINE_TYPES };
  const first = await fetchFiles(jobId, { ...query, limit: CAROUSEL_WINDOW }, signal);
  const total = first.totalItems ?? first.files.length;
  if (total <= CAROUSEL_WINDOW) return first.files;
  const last = await fetchFiles(
    jobId,
    { ...query, limit: CAROUSEL_WINDOW, offset: total - CAROUSEL_WINDOW },
    signal,
  );
  return last.files;
}

export function apiCarouselSource(jobId = DEFAULT_JOB, clock: () => number = Date.now): CarouselSource {
  const nowSeconds = () => Math.floor(clock() / 1000);
  return {
    async load(fileId, signal) {
      const file = await fetchFile(jobId, fileId, signal);
      const [before, after] = await Promise.all([
        newer(jobId, file.timestamp, nowSeconds(), signal),
        older(jobId, file.timestamp, signal),
      ]);
      return { file, before, after: after.files, serial: after.lastEventSerial };
    },
    async more(edge, direction, signal) {
      return direction === 'next'
        ? (await older(jobId, edge.timestamp, signal)).files
        : newer(jobId, edge.timestamp, nowSeconds(), signal);
    },
    refresh(file, signal) {
      return fetchFile(jobId, file.fileID, signal);
    },
    async removedSince(serial, signal) {
      const feed = await fetchChanges(jobId, serial, signal);
      const removed = feed.changes.filter((change) => change.type === CHANGE_FILE_REMOVED);
      return {
        serial: feed.serial,
        removed: removed.map((change) => change.id),
        changes: feed.changes.length,
      };
    },
    feed: { jobId },
  };
}
