import { sql } from 'kysely';
import type { Database } from '../../server/src/store/database';

/**
 * Fills a migrated PostgreSQL database with many accounts' libraries inside the server
 * (generate_series), fast enough for tens of millions of file rows: the rows a year of uploads
 * would leave behind, consistent as the application keeps them.
 *
 * The per-row triggers (timeline_days, timeline_files) and foreign-key checks are switched off for
 * the session (session_replication_role = replica, which needs a superuser) and the secondary
 * indexes of the filled tables are dropped, then everything the triggers and the bookkeeping would
 * have written is derived from the new rows in set-based statements and the indexes are built
 * again from their own definitions. What it leaves behind:
 * - per account: a user, a device, a storage grant, a timeline job, user_usage with the live
 *   counters and used_space (trashed files count until purged);
 * - per file: a contents row (its own bytes, ref_count 1), a user_contents reference, a files row,
 *   its timeline_files row when live, timeline_days counts, and a change row (added, and removed
 *   for the ~1% in the trash), the job's serial at its last change.
 */

export interface FillStage {
  /** Accounts numbered [fromAccount, toAccount) are created. */
  fromAccount: number;
  toAccount: number;
  /** File rows numbered [fromFile, toFile) are created. */
  fromFile: number;
  toFile: number;
  /** Every `everyNth` file of this stage goes to this existing user's timeline instead. */
  measured?: { userId: string; jobId: string; everyNth: number };
  /** Capture and upload times end here (epoch ms). */
  nowMs: number;
}

const DAY = 24 * 60 * 60 * 1000;
const YEAR = 365 * DAY;
/** Columns of the filled tables this module writes; a new NOT NULL column without a default stops the fill. */
const WRITTEN: Record<string, string[]> = {
  users: ['id', 'email', 'name', 'is_read_only', 'is_disabled', 'created_at'],
  devices: ['id', 'user_id', 'client_device_id', 'name', 'token_hash', 'created_at', 'last_seen_at'],
  grants: ['id', 'user_id', 'source', 'size_bytes', 'created_at'],
  jobs: ['id', 'type', 'owner_id', 'name', 'created_at', 'updated_at', 'serial'],
  contents: [
    'sha256',
    'size',
    'mime',
    'media_kind',
    'blob_key',
    'ref_count',
    'thumb_status',
    'encode_status',
    'created_at',
  ],
  files: [
    'id',
    'job_id',
    'content_sha256',
    'user_id',
    'path',
    'file_name',
    'extension',
    'size',
    'mtime',
    'ctime',
    'taken_at',
    'uploaded_at',
    'file_type',
    'is_screenshot',
    'is_master',
  ],
  user_contents: ['user_id', 'sha256', 'ref_count'],
  changes: ['job_id', 'serial', 'type', 'entity_id', 'created_at'],
  timeline_files: [],
  timeline_days: [],
  user_usage: ['user_id'],
};
const TABLES = Object.keys(WRITTEN);

async function checkColumns(db: Database): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and is_nullable = 'NO' and column_default is null
      and table_name in (${sql.join(TABLES)})`.execute(db);
  const unknown = rows.filter(
    (r) =>
      !['timeline_files', 'timeline_days'].includes(r.table_name) &&
      !WRITTEN[r.table_name]?.includes(r.column_name),
  );
  if (unknown.length > 0) {
    throw new Error(
      `the fill does not write ${unknown.map((r) => `${r.table_name}.${r.column_name}`).join(', ')}`,
    );
  }
}

/** Secondary indexes of the filled tables (not those behind a primary key or unique constraint). */
async function secondaryIndexes(db: Database): Promise<{ name: string; definition: string }[]> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join(TABLES)})
      and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)`.execute(
    db,
  );
  return rows;
}

const uuid = (prefix: string, n: string) => `md5('${prefix}' || ${n})::uuid::text`;
const userId = (n: string) => uuid('nordlys-bench-user-', n);
const jobId = (n: string) => uuid('nordlys-bench-job-', n);

type Run = (text: string) => Promise<unknown>;

/**
 * Two connections set up for the fill (triggers and foreign-key checks off, memory for sorts and
 * index builds, no waiting for the WAL flush), for statements that can run side by side.
 */
async function inTwoSessions(database: Database, fill: (first: Run, second: Run) => Promise<void>) {
  await database.connection().execute((a) =>
    database.connection().execute(async (b) => {
      const sessions = [a, b].map((db) => (text: string) => sql.raw(text).execute(db));
      for (const run of sessions) {
        await run('set session_replication_role = replica');
        await run(`set maintenance_work_mem = '1GB'`);
        await run(`set work_mem = '256MB'`);
        await run('set synchronous_commit = off');
      }
      try {
        await fill(sessions[0] as Run, sessions[1] as Run);
      } finally {
        for (const run of sessions) await run('reset all');
      }
    }),
  );
}

/** Runs one stage; the session settings hold for every statement of it. */
export async function fillStage(database: Database, stage: FillStage, log: (line: string) => void) {
  await checkColumns(database);
  const started = performance.now();
  const step = (what: string) => log(`    ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  await inTwoSessions(database, async (run, other) => {
    const indexes = await secondaryIndexes(database);
    for (const index of indexes) await run(`drop index ${index.name}`);
    step(`dropped ${indexes.length} secondary indexes`);

    const { fromAccount: a0, toAccount: a1, fromFile: f0, toFile: f1, nowMs } = stage;
    const accounts = a1 - a0;
    const accountCreated = `${nowMs - 6 * YEAR} + (n::bigint * 7919 % 1000) * ${2 * DAY}`;
    await run(`insert into users (id, email, name, password_hash, profile_picture_key, is_read_only, is_disabled, created_at, language)
      select ${userId('n')}, 'bench-' || n || '@example.com', 'Bench ' || n, null, null, 0, 0, ${accountCreated}, 'en_US'
      from generate_series(${a0}, ${a1 - 1}) n`);
    await run(`insert into devices (id, user_id, client_device_id, name, token_hash, created_at, last_seen_at)
      select ${uuid('nordlys-bench-device-', 'n')}, ${userId('n')}, 'bench-' || n, 'Phone',
        encode(sha256(('nordlys-bench-token-' || n)::bytea), 'hex'), ${accountCreated}, ${nowMs}
      from generate_series(${a0}, ${a1 - 1}) n`);
    await run(`insert into grants (id, user_id, source, size_bytes, created_at, expires_at, subscription_id)
      select ${uuid('nordlys-bench-grant-', 'n')}, ${userId('n')}, 'nordlys', ${1024 ** 4}, ${accountCreated}, null, null
      from generate_series(${a0}, ${a1 - 1}) n`);
    await run(`insert into jobs (id, type, owner_id, name, created_at, updated_at, serial, deleted_at)
      select ${jobId('n')}, 'timeline', ${userId('n')}, 'Timeline', ${accountCreated}, ${accountCreated}, 0, null
      from generate_series(${a0}, ${a1 - 1}) n`);
    step(`${accounts.toLocaleString('en')} accounts`);

    // One row per file with every value drawn once (a fixed seed: runs are comparable). Accounts
    // are uneven, as real ones are: account k's share falls off as 1/sqrt(k). Capture times lean
    // to recent years; uploads follow capture (old pictures arrive in one import) and end now.
    await run('drop table if exists bench_fill');
    const measured = stage.measured;
    const owner = measured
      ? `case when i % ${measured.everyNth} = 0 then '${measured.userId}' else ${userId('acct')} end`
      : userId('acct');
    const job = measured
      ? `case when i % ${measured.everyNth} = 0 then '${measured.jobId}' else ${jobId('acct')} end`
      : jobId('acct');
    const ext = `case kind when 'picture' then case when is_shot then 'png' else 'jpg' end when 'movie' then 'mp4' else 'pdf' end`;
    const draw = (from: number, to: number) => `
      select i, id, user_id, job_id, sha256, kind, is_shot, taken_at, uploaded_at, size, trashed, ext,
        'camera/' || file_name as path, file_name,
        case kind when 'picture' then 'Pictures' when 'movie' then 'Movies' else 'Documents' end as file_type,
        case when kind = 'document' then null else 4000 end as width,
        case when kind = 'document' then null else 3000 end as height,
        case when kind = 'movie' then 12000 end as duration_ms,
        case when kind = 'movie' then 'ready' else 'none' end as encode_status,
        case when kind = 'document' then null else '3OcRJYB4d3h/iIeHeEh3eIhw+j3A' end as thumbhash
      from (
        select *, ${ext} as ext, case when is_shot then 'screenshot_' else 'IMG_' end || i || '.' || ${ext} as file_name
        from (
          select i, ${uuid('nordlys-bench-file-', 'i')} as id, ${owner} as user_id, ${job} as job_id,
            encode(sha256(('nordlys-bench-content-' || i)::bytea), 'hex') as sha256,
            kind, is_shot, taken_at,
            greatest(taken_at, ${nowMs} - floor(r_upload * ${2 * YEAR})::bigint) as uploaded_at,
            200000 + floor(r_size * 5000000)::bigint as size, r_trash < 0.01 as trashed
          from (
            select i, ${a0} + least(${accounts - 1}, floor(power(r_acct, 2) * ${accounts})::int) as acct,
              case when r_kind < 0.8 then 'picture' when r_kind < 0.97 then 'movie' else 'document' end as kind,
              r_kind < 0.8 and r_shot < 0.06 as is_shot,
              ${nowMs} - floor(power(r_taken, 1.5) * ${15 * YEAR})::bigint as taken_at,
              r_upload, r_size, r_trash
            from (
              select i, random() as r_acct, random() as r_kind, random() as r_shot, random() as r_taken,
                random() as r_upload, random() as r_size, random() as r_trash
              from generate_series(${from}, ${to - 1}) i
            ) r
          ) g
        ) n
      ) f`;
    // Each half in its own session, each session's random() seeded: runs draw the same rows.
    await run(`create unlogged table bench_fill as ${draw(f0, f0)}`);
    const middle = Math.floor((f0 + f1) / 2);
    const halves: [Run, number, number][] = [
      [run, f0, middle],
      [other, middle, f1],
    ];
    await Promise.all(
      halves.map(async ([session, from, to]) => {
        await session(`select setseed(${((from / 1e8) % 1).toFixed(6)})`);
        await session(`insert into bench_fill ${draw(from, to)}`);
      }),
    );
    step(`${(f1 - f0).toLocaleString('en')} drawn files`);

    // Two lanes of statements that touch different tables, on two connections: both cores work.
    const rowsLane = async (run: Run) => {
      await run(`insert into contents (sha256, size, mime, media_kind, blob_key, width, height, duration_ms, taken_at,
          metadata, ref_count, thumb_status, encode_status, thumbhash, created_at)
        select sha256, size, case kind when 'picture' then 'image/jpeg' when 'movie' then 'video/mp4' else 'application/pdf' end,
          kind, 'content/' || left(sha256, 2) || '/' || sha256, width, height, duration_ms, taken_at, null, 1,
          case when kind = 'document' then 'none' else 'ready' end, encode_status, thumbhash, uploaded_at
        from bench_fill order by sha256`);
      step('contents');
      await run(
        `insert into user_contents (user_id, sha256, ref_count) select user_id, sha256, 1 from bench_fill order by 1, 2`,
      );
      step('user_contents');
      // What the triggers of 0005-timeline write: live files per job and UTC capture day.
      // Grouped by UTC day number first (cheap integer keys), then each day's parts computed once;
      // inserted in the primary key's order, so its b-tree is appended to, not written at random.
      const part = (p: string) =>
        `extract(${p} from (to_timestamp(d * 86400.0) at time zone 'UTC'))::integer`;
      await run(`insert into timeline_days (job_id, year, month, day, pictures, videos, screenshots, documents)
        select job_id, ${part('year')}, ${part('month')}, ${part('day')}, pictures, videos, screenshots, documents
        from (
          select job_id, taken_at / ${DAY} as d, count(*) filter (where kind = 'picture') as pictures,
            count(*) filter (where kind = 'movie') as videos, count(*) filter (where is_shot) as screenshots,
            count(*) filter (where kind = 'document') as documents
          from bench_fill where not trashed group by 1, 2
        ) days
        order by job_id, d
        on conflict (job_id, year, month, day) do update set pictures = timeline_days.pictures + excluded.pictures,
          videos = timeline_days.videos + excluded.videos, screenshots = timeline_days.screenshots + excluded.screenshots,
          documents = timeline_days.documents + excluded.documents`);
      step('timeline_days');
      await run(`insert into user_usage (user_id, used_space, picture_count, video_count, screenshot_count, document_count)
        select user_id, sum(size), count(*) filter (where kind = 'picture' and not trashed),
          count(*) filter (where kind = 'movie' and not trashed), count(*) filter (where is_shot and not trashed),
          count(*) filter (where kind = 'document' and not trashed)
        from bench_fill group by user_id
        on conflict (user_id) do update set used_space = user_usage.used_space + excluded.used_space,
          picture_count = user_usage.picture_count + excluded.picture_count,
          video_count = user_usage.video_count + excluded.video_count,
          screenshot_count = user_usage.screenshot_count + excluded.screenshot_count,
          document_count = user_usage.document_count + excluded.document_count`);
      await run(`insert into user_usage (user_id) select ${userId('n')} from generate_series(${a0}, ${a1 - 1}) n
        on conflict (user_id) do nothing`);
      step('user_usage');
    };
    const filesLane = async (run: Run) => {
      await run(`insert into files (id, job_id, content_sha256, user_id, path, file_name, extension, size, mtime, ctime,
          taken_at, uploaded_at, file_type, is_screenshot, group_type, group_id, is_master, deleted_at)
        select id, job_id, sha256, user_id, path, file_name, ext, size, taken_at, taken_at,
          taken_at, uploaded_at, file_type, case when is_shot then 1 else 0 end, null, null, 0,
          case when trashed then ${nowMs} - ${DAY} end
        from bench_fill order by id`);
      step('files');
      // What the triggers of 0006-timeline-files write: the live files with their content columns.
      await run(`insert into timeline_files (job_id, taken_at, id, content_sha256, user_id, path, file_name, size, mtime,
          ctime, uploaded_at, file_type, is_screenshot, group_type, group_id, is_master, media_kind, width, height,
          duration_ms, encode_status, thumbhash)
        select job_id, taken_at, id, sha256, user_id, path, file_name, size, taken_at, taken_at, uploaded_at, file_type,
          case when is_shot then 1 else 0 end, null, null, 0, kind, width, height, duration_ms, encode_status, thumbhash
        from bench_fill where not trashed`);
      step('timeline_files');
      // Each file's "added" change at its upload, and a "removed" one for the trashed, numbered per
      // job after the job's earlier changes; the job's serial is its last.
      await run(`insert into changes (job_id, serial, type, entity_id, fields, created_at)
        select e.job_id, coalesce(j.serial, 0) + row_number() over (partition by e.job_id order by e.at, e.type, e.id),
          e.type, e.id, e.fields, e.at
        from (
          select job_id, id, 0 as type, json_build_object('path', path, 'checksum', sha256)::text as fields,
            uploaded_at as at from bench_fill
          union all
          select job_id, id, 1, null, ${nowMs} - ${DAY} from bench_fill where trashed
        ) e join jobs j on j.id = e.job_id
        order by 1, 2`);
      await run(`update jobs set
          serial = (select c.serial from changes c where c.job_id = jobs.id order by c.serial desc limit 1),
          updated_at = (select c.created_at from changes c where c.job_id = jobs.id order by c.serial desc limit 1)
        where jobs.id in (select distinct job_id from bench_fill)`);
      step('changes and serials');
    };
    await Promise.all([rowsLane(run), filesLane(other)]);
    await run('drop table bench_fill');
    // The indexes alternate between the two sessions.
    await Promise.all(
      [run, other].map(async (session, lane) => {
        for (const index of indexes.filter((_, i) => i % 2 === lane)) await session(index.definition);
      }),
    );
    step(`rebuilt ${indexes.length} secondary indexes`);
  });
  return (performance.now() - started) / 1000;
}

/**
 * What the application keeps true, checked over the whole database: the trigger-kept timeline
 * tables agree with the live files, every file has its content and reference, each job's serial
 * is its last change, each user's used_space is the sum of their contents. Empty when all hold.
 */
export async function brokenInvariants(db: Database): Promise<string[]> {
  const { rows } = await sql<{ problem: string | null }>`
    select 'timeline_files holds ' || (select count(*) from timeline_files) || ' rows for '
        || (select count(*) from files where deleted_at is null) || ' live files' as problem
      where (select count(*) from timeline_files) <> (select count(*) from files where deleted_at is null)
    union all
    select 'timeline_days counts ' || (select sum(pictures + videos + documents) from timeline_days) || ' live files'
      where (select sum(pictures + videos + documents) from timeline_days)
        <> (select count(*) from files where deleted_at is null)
    union all
    select 'contents, references and files differ'
      where (select sum(ref_count) from contents) <> (select count(*) from files)
        or (select count(*) from user_contents) <> (select count(*) from files)
    union all
    select count(*) || ' jobs whose serial is not their last change' from jobs
      where serial <> coalesce((select max(c.serial) from changes c where c.job_id = jobs.id), 0)
      having count(*) > 0
    union all
    select count(*) || ' users whose used_space is not their contents'' sizes' from user_usage u
      left join (select r.user_id, sum(c.size) as bytes from user_contents r
        join contents c on c.sha256 = r.sha256 group by r.user_id) sums on sums.user_id = u.user_id
      where u.used_space <> coalesce(sums.bytes, 0)
      having count(*) > 0`.execute(db);
  return rows.map((row) => row.problem).filter((p): p is string => p !== null);
}
