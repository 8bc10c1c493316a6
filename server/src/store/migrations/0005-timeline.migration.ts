import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * Timeline reads that stay fast at a million files per job.
 *
 * `timeline_days` holds, per job and UTC capture day, how many non-deleted files of each kind
 * there are. Database triggers keep it exact in the same transaction as every insert, delete,
 * restore, purge or move of a file row, whichever code path writes it (uploads, dedup links,
 * copies, trash), so the months summary reads a few thousand rows instead of every file.
 * `screenshots` is a subset of `pictures`.
 *
 * Two partial indexes over live files serve the one-month list in its exact order (capture time
 * descending, then id) and the recent-upload counts from the index alone.
 */

const COUNT_COLUMNS = ['pictures', 'videos', 'screenshots', 'documents'] as const;

/** The per-kind 0/1 values a file row contributes, as SQL over `row` (new or old). */
const kindValues = (row: string) => [
  `case when ${row}.file_type = 'Pictures' then 1 else 0 end`,
  `case when ${row}.file_type = 'Movies' then 1 else 0 end`,
  `case when ${row}.file_type = 'Pictures' and ${row}.is_screenshot = 1 then 1 else 0 end`,
  `case when ${row}.file_type = 'Documents' then 1 else 0 end`,
];

const sqliteDateParts = (ms: string) =>
  ['%Y', '%m', '%d'].map((f) => `cast(strftime('${f}', ${ms} / 1000.0, 'unixepoch') as integer)`);

const allZero = COUNT_COLUMNS.map((c) => `${c} = 0`).join(' and ');
const upsertSums = COUNT_COLUMNS.map((c) => `${c} = timeline_days.${c} + excluded.${c}`).join(', ');

function sqliteStatements(): string[] {
  const add = (row: string) => {
    const [y, m, d] = sqliteDateParts(`${row}.taken_at`);
    return `insert into timeline_days (job_id, year, month, day, ${COUNT_COLUMNS.join(', ')})
      select ${row}.job_id, ${y}, ${m}, ${d}, ${kindValues(row).join(', ')} where ${row}.deleted_at is null
      on conflict (job_id, year, month, day) do update set ${upsertSums};`;
  };
  // Removal only updates: a row is never created by a removal, so cascaded deletes of a job
  // (whose timeline_days rows go too) cannot recreate it.
  const remove = (row: string) => {
    const [y, m, d] = sqliteDateParts(`${row}.taken_at`);
    const key = `job_id = ${row}.job_id and year = ${y} and month = ${m} and day = ${d}`;
    const sets = COUNT_COLUMNS.map((c, i) => `${c} = ${c} - ${kindValues(row)[i]}`).join(', ');
    return `update timeline_days set ${sets} where ${key} and ${row}.deleted_at is null;
      delete from timeline_days where ${key} and ${allZero};`;
  };
  return [
    `create trigger files_timeline_days_insert after insert on files begin ${add('new')} end`,
    `create trigger files_timeline_days_delete after delete on files begin ${remove('old')} end`,
    `create trigger files_timeline_days_update
      after update of deleted_at, taken_at, job_id, file_type, is_screenshot on files
      begin ${remove('old')} ${add('new')} end`,
  ];
}

function postgresStatements(): string[] {
  const parts = (ms: string) => {
    const ts = `(to_timestamp(${ms} / 1000.0) at time zone 'UTC')`;
    return ['year', 'month', 'day'].map((p) => `extract(${p} from ${ts})::integer`);
  };
  const [y, m, d] = parts('r.taken_at');
  const key = `job_id = r.job_id and year = ${y} and month = ${m} and day = ${d}`;
  const sets = COUNT_COLUMNS.map((c, i) => `${c} = ${c} - ${kindValues('r')[i]}`).join(', ');
  return [
    `create function timeline_days_add(r files) returns void language plpgsql as $$
     begin
       insert into timeline_days (job_id, year, month, day, ${COUNT_COLUMNS.join(', ')})
       values (r.job_id, ${y}, ${m}, ${d}, ${kindValues('r').join(', ')})
       on conflict (job_id, year, month, day) do update set ${upsertSums};
     end $$`,
    `create function timeline_days_remove(r files) returns void language plpgsql as $$
     begin
       update timeline_days set ${sets} where ${key};
       delete from timeline_days where ${key} and ${allZero};
     end $$`,
    `create function files_timeline_days() returns trigger language plpgsql as $$
     begin
       if tg_op <> 'INSERT' then
         if old.deleted_at is null then perform timeline_days_remove(old); end if;
       end if;
       if tg_op <> 'DELETE' then
         if new.deleted_at is null then perform timeline_days_add(new); end if;
       end if;
       return null;
     end $$`,
    `create trigger files_timeline_days
       after insert or delete or update of deleted_at, taken_at, job_id, file_type, is_screenshot on files
       for each row execute function files_timeline_days()`,
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  // On SQLite the rows live in the primary-key b-tree (no rowid lookups): a job's days are read
  // as one contiguous range.
  await db.schema
    .createTable('timeline_days')
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('pictures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('videos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('screenshots', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('documents', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('timeline_days_pk', ['job_id', 'year', 'month', 'day'])
    .$call((builder) => (isSqlite ? builder.modifyEnd(sql`without rowid`) : builder))
    .execute();

  const [y, m, d] = isSqlite
    ? sqliteDateParts('f.taken_at')
    : ['year', 'month', 'day'].map(
        (p) => `extract(${p} from (to_timestamp(f.taken_at / 1000.0) at time zone 'UTC'))::integer`,
      );
  const sums = kindValues('f').map((v) => `sum(${v})`);
  await sql
    .raw(
      `insert into timeline_days (job_id, year, month, day, ${COUNT_COLUMNS.join(', ')})
       select f.job_id, ${y}, ${m}, ${d}, ${sums.join(', ')} from files f
       where f.deleted_at is null group by 1, 2, 3, 4`,
    )
    .execute(db);

  for (const statement of isSqlite ? sqliteStatements() : postgresStatements()) {
    await sql.raw(statement).execute(db);
  }

  // Matches `where job_id = ? and deleted_at is null and taken_at between ? and ?
  // order by taken_at desc, id`: rows come out in the reply's order, no sort; the type filter and
  // the window's count are answered from the index without visiting the rows.
  await sql`create index files_live_job_taken_idx on files (job_id, taken_at desc, id, file_type) where deleted_at is null`.execute(
    db,
  );
  // Recent-upload counts read only the index.
  await sql`create index files_live_job_uploaded_idx on files (job_id, uploaded_at, file_type) where deleted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await sql`drop index files_live_job_uploaded_idx`.execute(db);
  await sql`drop index files_live_job_taken_idx`.execute(db);
  if (isSqlite) {
    for (const name of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger files_timeline_days_${name}`).execute(db);
    }
  } else {
    await sql`drop trigger files_timeline_days on files`.execute(db);
    await sql`drop function files_timeline_days()`.execute(db);
    await sql`drop function timeline_days_remove(files)`.execute(db);
    await sql`drop function timeline_days_add(files)`.execute(db);
  }
  await db.schema.dropTable('timeline_days').execute();
}
