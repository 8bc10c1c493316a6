import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../database';
import type { DB, FilesTable, FileType, JobType } from '../schema';
import type { FileRecordSource } from './file.repository';

export type MonthsFilter = 'all' | 'only_images' | 'only_videos';

export interface MonthRow {
  year: number;
  month: number;
  startDay: number;
  endDay: number;
  pictures: number;
  videos: number;
  screenshots: number;
  documents: number;
}

/** Live files of one job captured in [startMs, endMs] (capture time, epoch ms, inclusive). */
export interface FileWindow {
  jobId: string;
  startMs?: number;
  endMs?: number;
  types?: readonly FileType[];
  uploadedSinceMs?: number;
}

/** A file with the job it sits in: what access checks on a file need. */
export type FileWithJob = FilesTable & {
  job_owner_id: string;
  job_type: JobType;
  job_deleted_at: number | null;
};

export interface KindCounts {
  pictures: number;
  videos: number;
  screenshots: number;
  documents: number;
}

const num = (value: unknown) => Number(value ?? 0);

/** timeline_files holds live files only, so no `deleted_at` condition. */
function windowFilter(window: FileWindow) {
  return (eb: ExpressionBuilder<DB, 'files'>) => {
    const conditions = [eb('files.job_id', '=', window.jobId)];
    if (window.startMs !== undefined) conditions.push(eb('files.taken_at', '>=', window.startMs));
    if (window.endMs !== undefined) conditions.push(eb('files.taken_at', '<=', window.endMs));
    if (window.types && window.types.length > 0)
      conditions.push(eb('files.file_type', 'in', [...window.types]));
    if (window.uploadedSinceMs !== undefined) {
      conditions.push(eb('files.uploaded_at', '>=', window.uploadedSinceMs));
    }
    return eb.and(conditions);
  };
}

const TIMELINE_FILE_COLUMNS = [
  'files.id',
  'files.job_id',
  'files.content_sha256',
  'files.user_id',
  'files.path',
  'files.file_name',
  'files.size',
  'files.mtime',
  'files.ctime',
  'files.taken_at',
  'files.uploaded_at',
  'files.file_type',
  'files.is_screenshot',
  'files.group_type',
  'files.group_id',
  'files.is_master',
  'files.media_kind',
  'files.width',
  'files.height',
  'files.duration_ms',
  'files.encode_status',
  'files.thumbhash',
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const COUNT_COLUMN: Record<FileType, 'pictures' | 'videos' | 'documents'> = {
  Pictures: 'pictures',
  Movies: 'videos',
  Documents: 'documents',
};

/** yyyymmdd of a UTC day, the order timeline_days keys sort in. */
function dayKey(ms: number): { year: number; key: number } {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  return { year, key: year * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate() };
}

/**
 * Newest capture first, then by id, so pages with limit/offset neither repeat nor skip. Reads
 * one contiguous range of timeline_files, which holds every column a FileRecord shows.
 */
export const windowInReplyOrder = (
  db: Database,
  window: FileWindow,
  page: { limit: number; offset: number },
) =>
  db
    .selectFrom('timeline_files as files')
    .where(windowFilter(window))
    .orderBy('files.taken_at', 'desc')
    .orderBy('files.id', 'asc')
    .limit(page.limit)
    .offset(page.offset);

/** Names too long for timeline_files (stored there as null), read from `files`. */
export async function longNames(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, { path: string; file_name: string }>> {
  if (ids.length === 0) return new Map();
  const names = await db
    .selectFrom('files')
    .where('id', 'in', [...ids])
    .select(['id', 'path', 'file_name'])
    .execute();
  return new Map(names.map((n) => [n.id, n]));
}

/**
 * The timeline's reads. Month summaries come from `timeline_days` (O(days), kept exact by
 * triggers); file windows read one key range of `timeline_files` (0006), in reply order.
 */
export function createTimelineRepository(db: Database) {
  /**
   * A window of whole UTC days (a month, as the timeline asks) is counted from timeline_days:
   * at most a few dozen rows, where counting files would visit each one. Null when the window
   * is not day-aligned or filters by upload time.
   */
  async function countFromDays(window: FileWindow): Promise<number | null> {
    if (window.uploadedSinceMs !== undefined) return null;
    if (window.startMs !== undefined && window.startMs % DAY_MS !== 0) return null;
    if (window.endMs !== undefined && (window.endMs + 1) % DAY_MS !== 0) return null;
    const types: readonly FileType[] = window.types?.length
      ? window.types
      : ['Pictures', 'Movies', 'Documents'];
    const total = sql.join(
      [...new Set(types)].map((type) => sql.ref(COUNT_COLUMN[type])),
      sql` + `,
    );
    let query = db
      .selectFrom('timeline_days')
      .where('job_id', '=', window.jobId)
      .select(sql<number>`coalesce(sum(${total}), 0)`.as('n'));
    const key = sql<number>`year * 10000 + month * 100 + day`;
    if (window.startMs !== undefined) {
      const start = dayKey(window.startMs);
      query = query.where('year', '>=', start.year).where(key, '>=', start.key);
    }
    if (window.endMs !== undefined) {
      const end = dayKey(window.endMs);
      query = query.where('year', '<=', end.year).where(key, '<=', end.key);
    }
    const row = await query.executeTakeFirstOrThrow();
    return num(row.n);
  }

  return {
    async months(jobId: string, filter: MonthsFilter): Promise<MonthRow[]> {
      const query = db
        .selectFrom('timeline_days')
        .where('job_id', '=', jobId)
        .groupBy(['year', 'month'])
        .orderBy('year', 'desc')
        .orderBy('month', 'desc')
        .select(['year', 'month']);
      if (filter === 'only_images' || filter === 'only_videos') {
        const column = filter === 'only_images' ? 'pictures' : 'videos';
        const rows = await query
          .where(column, '>', 0)
          .select((eb) => [
            eb.fn.min('day').as('start_day'),
            eb.fn.max('day').as('end_day'),
            eb.fn.sum(column).as('count'),
            eb.fn.sum(filter === 'only_images' ? 'screenshots' : sql.lit(0)).as('shots'),
          ])
          .execute();
        return rows.map((r) => ({
          year: num(r.year),
          month: num(r.month),
          startDay: num(r.start_day),
          endDay: num(r.end_day),
          pictures: filter === 'only_images' ? num(r.count) : 0,
          videos: filter === 'only_videos' ? num(r.count) : 0,
          screenshots: num(r.shots),
          documents: 0,
        }));
      }
      // The day range covers the pictures and videos the timeline shows; a month holding only
      // documents spans its documents.
      const rows = await query
        .select([
          sql<number>`coalesce(min(case when pictures + videos > 0 then day end), min(day))`.as('start_day'),
          sql<number>`coalesce(max(case when pictures + videos > 0 then day end), max(day))`.as('end_day'),
          (eb) => eb.fn.sum('pictures').as('pictures'),
          (eb) => eb.fn.sum('videos').as('videos'),
          (eb) => eb.fn.sum('screenshots').as('screenshots'),
          (eb) => eb.fn.sum('documents').as('documents'),
        ])
        .execute();
      return rows.map((r) => ({
        year: num(r.year),
        month: num(r.month),
        startDay: num(r.start_day),
        endDay: num(r.end_day),
        pictures: num(r.pictures),
        videos: num(r.videos),
        screenshots: num(r.screenshots),
        documents: num(r.documents),
      }));
    },

    async totals(jobId: string): Promise<KindCounts> {
      const row = await db
        .selectFrom('timeline_days')
        .where('job_id', '=', jobId)
        .select((eb) => [
          eb.fn.sum('pictures').as('pictures'),
          eb.fn.sum('videos').as('videos'),
          eb.fn.sum('screenshots').as('screenshots'),
          eb.fn.sum('documents').as('documents'),
        ])
        .executeTakeFirst();
      return {
        pictures: num(row?.pictures),
        videos: num(row?.videos),
        screenshots: num(row?.screenshots),
        documents: num(row?.documents),
      };
    },

    async listFiles(
      window: FileWindow,
      page: { limit: number; offset: number },
    ): Promise<FileRecordSource[]> {
      const rows = await windowInReplyOrder(db, window, page).select(TIMELINE_FILE_COLUMNS).execute();
      const unnamed = rows.filter((row) => row.path === null || row.file_name === null);
      const names = await longNames(
        db,
        unnamed.map((row) => row.id),
      );
      for (const row of unnamed) {
        row.path = names.get(row.id)?.path ?? '';
        row.file_name = names.get(row.id)?.file_name ?? '';
      }
      return rows as FileRecordSource[];
    },

    async countFiles(window: FileWindow): Promise<number> {
      const fromDays = await countFromDays(window);
      if (fromDays !== null) return fromDays;
      const row = await db
        .selectFrom('timeline_files as files')
        .where(windowFilter(window))
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return num(row.n);
    },

    findFilesWithJob(ids: readonly string[]): Promise<FileWithJob[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('files')
        .innerJoin('jobs', 'jobs.id', 'files.job_id')
        .selectAll('files')
        .select([
          'jobs.owner_id as job_owner_id',
          'jobs.type as job_type',
          'jobs.deleted_at as job_deleted_at',
        ])
        .where('files.id', 'in', [...ids])
        .execute();
    },

    /** Live pictures and videos uploaded at or after each of `sinceMs` (one count per entry). */
    async uploadedSince(jobId: string, sinceMs: readonly number[]): Promise<number[]> {
      if (sinceMs.length === 0) return [];
      const oldest = Math.min(...sinceMs);
      const row = await db
        .selectFrom('files')
        .where('job_id', '=', jobId)
        .where('deleted_at', 'is', null)
        .where('uploaded_at', '>=', oldest)
        .where('file_type', 'in', ['Pictures', 'Movies'])
        .select(
          sinceMs.map((since, i) =>
            sql<number>`sum(case when uploaded_at >= ${since} then 1 else 0 end)`.as(`c${i}`),
          ),
        )
        .executeTakeFirstOrThrow();
      const counts = row as Record<string, unknown>;
      return sinceMs.map((_, i) => num(counts[`c${i}`]));
    },
  };
}

export type TimelineRepository = ReturnType<typeof createTimelineRepository>;
