import type { FileRecord } from '@nordlys/contract/file';
import type {
  JobChanges,
  RecentCounts,
  TimelineFilter,
  TimelineMonth,
  TimelineStats,
} from '@nordlys/contract/timeline';
import { epochSecondsInMs, windowInMs } from '@nordlys/contract/timeline-month';
import type { Caller } from '../domain/caller';
import { badRequest } from '../domain/errors';
import { Permission } from '../domain/permission';
import type { Repositories } from '../store/repositories';
import type { FileWindow } from '../store/repositories/timeline.repository';
import type { FileType } from '../store/schema';
import type { AccessService, JobAccess } from './access.service';
import { withCommentRights } from './comment-feed-rights';
import { type FileUrlSigner, toFileRecord, toTimelineTilesJson } from './file.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHANGES_PAGE = 1000;

export interface FilesQuery {
  /** Epoch seconds, inclusive. */
  start?: number;
  end?: number;
  types?: readonly FileType[];
  uploadedSince?: number;
  limit: number;
  offset: number;
}

export interface FilesPage {
  files: FileRecord[];
  /** The job's serial read before the files, so a change made meanwhile shows up in /changes. */
  lastEventSerial: number;
  totalItems: number;
}

export interface TilesPage {
  /** TimelineTiles, as JSON text. */
  json: string;
  lastEventSerial: number;
  totalItems: number;
}

export interface TimelineServiceDeps {
  repos: Pick<Repositories, 'timeline' | 'tiles' | 'changes'>;
  access: AccessService;
  clock: () => number;
  signer: FileUrlSigner | null;
}

/** Reads of a job's files by capture month; every call first checks the caller may read the job. */
export function createTimelineService({ repos, access, clock, signer }: TimelineServiceDeps) {
  const { timeline, tiles: tileRows, changes } = repos;

  async function readableWindow(reader: Caller, jobIdParam: string, query: FilesQuery) {
    if (query.start !== undefined && query.end !== undefined && query.end < query.start) {
      throw badRequest('querystring.end must be at least querystring.start');
    }
    const { job } = await access.requireAccess(reader, Permission.JobRead, jobIdParam);
    const window: FileWindow = {
      jobId: job.id,
      ...windowInMs(query),
      types: query.types,
      uploadedSinceMs: epochSecondsInMs(query.uploadedSince),
    };
    return { job, window };
  }

  return {
    /** The months, and the job's serial read before them: an empty timeline's change feed starts there. */
    async months(
      reader: Caller,
      jobIdParam: string,
      filter: TimelineFilter,
    ): Promise<{ months: TimelineMonth[]; lastEventSerial: number }> {
      const { job } = await access.requireAccess(reader, Permission.JobRead, jobIdParam);
      return { months: await timeline.months(job.id, filter), lastEventSerial: Number(job.serial) };
    },

    async files(reader: Caller, jobIdParam: string, query: FilesQuery): Promise<FilesPage> {
      const { job, window } = await readableWindow(reader, jobIdParam, query);
      const [rows, totalItems] = await Promise.all([
        timeline.listFiles(window, { limit: query.limit, offset: query.offset }),
        timeline.countFiles(window),
      ]);
      return {
        files: rows.map((row) => toFileRecord(row, signer)),
        lastEventSerial: Number(job.serial),
        totalItems,
      };
    },

    /** The files() window as columns, with the job's media grant once. */
    async tiles(reader: Caller, jobIdParam: string, query: FilesQuery): Promise<TilesPage> {
      const { job, window } = await readableWindow(reader, jobIdParam, query);
      const [columns, totalItems] = await Promise.all([
        tileRows.tileColumns(window, { limit: query.limit, offset: query.offset }, job.owner_id),
        timeline.countFiles(window),
      ]);
      return {
        json: toTimelineTilesJson({ id: job.id, ownerId: job.owner_id }, columns, signer),
        lastEventSerial: Number(job.serial),
        totalItems,
      };
    },

    async recents(reader: Caller, jobIdParam: string): Promise<RecentCounts> {
      const { job } = await access.requireAccess(reader, Permission.JobRead, jobIdParam);
      const now = clock();
      const [one, seven, thirty] = await timeline.uploadedSince(job.id, [
        now - DAY_MS,
        now - 7 * DAY_MS,
        now - 30 * DAY_MS,
      ]);
      return { recents_1: one ?? 0, recents_7: seven ?? 0, recents_30: thirty ?? 0 };
    },

    /** Like account_info's counters: picture_count leaves out screenshots, which have their own. */
    async stats(reader: Caller, jobIdParam: string): Promise<TimelineStats> {
      const { job } = await access.requireAccess(reader, Permission.JobRead, jobIdParam);
      const totals = await timeline.totals(job.id);
      return {
        picture_count: totals.pictures - totals.screenshots,
        video_count: totals.videos,
        screenshot_count: totals.screenshots,
        document_count: totals.documents,
      };
    },

    async changes(reader: Caller, jobIdParam: string, since: number): Promise<JobChanges> {
      return changesFor(await access.requireAccess(reader, Permission.JobRead, jobIdParam), since);
    },

    changesFor,
  };

  /** The changes after `since` in a job the caller was already let read (one access check per request). */
  async function changesFor(grant: JobAccess, since: number): Promise<JobChanges> {
    const { job } = grant;
    const rows = await changes.listSince(job.id, since, CHANGES_PAGE);
    const last = rows.length > 0 ? Number(rows[rows.length - 1]?.serial) : 0;
    // A full page means more follow: the client continues from the last one it got.
    const serial = rows.length === CHANGES_PAGE ? last : Math.max(Number(job.serial), last);
    const stored = rows.map((row) => ({
      serial: Number(row.serial),
      type: Number(row.type),
      id: row.entity_id,
      fields: row.fields ? (JSON.parse(row.fields) as Record<string, unknown>) : {},
    }));
    return { serial, changes: await withCommentRights(grant, stored) };
  }
}

export type TimelineService = ReturnType<typeof createTimelineService>;
