import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * `timeline_files`: every live file of every job with exactly the columns a FileRecord shows,
 * keyed (job_id, taken_at desc, id) — the one-month list's order.
 *
 * `files` rows sit in upload order and the FileRecord also needs `contents` columns, so a month
 * of ~5,000 files read through `files` costs ~10,000 scattered page reads. Here a month is one
 * contiguous key range: on SQLite the table is WITHOUT ROWID (the rows are the b-tree); on
 * PostgreSQL its one unique index INCLUDEs every other column, so the read is an index-only scan once
 * the visibility map is set (autovacuum, or the bench's VACUUM).
 *
 * Triggers keep it exact in the same transaction as every write to `files` (insert, trash,
 * restore, purge, move, cascaded job deletion) and to the shown `contents` columns (the media
 * worker filling in size, thumbhash and encode status), whatever code path writes them.
 */

const KEY = ['job_id', 'taken_at', 'id'] as const;
const FILE_COLUMNS = [
  'content_sha256',
  'user_id',
  'path',
  'file_name',
  'size',
  'mtime',
  'ctime',
  'uploaded_at',
  'file_type',
  'is_screenshot',
  'group_type',
  'group_id',
  'is_master',
] as const;
const CONTENT_COLUMNS = [
  'media_kind',
  'width',
  'height',
  'duration_ms',
  'encode_status',
  'thumbhash',
] as const;

const allColumns = [...KEY, ...FILE_COLUMNS, ...CONTENT_COLUMNS].join(', ');
/**
 * A PostgreSQL b-tree entry holds at most ~2,700 bytes; a path of 1,024 multi-byte characters
 * would not fit, so such rows carry null path and name and the reader takes them from `files`.
 */
const LONG_NAME_BYTES = 1800;
const fileValue = (row: string, column: string, isSqlite: boolean) =>
  !isSqlite && (column === 'path' || column === 'file_name')
    ? `case when octet_length(${row}.path) + octet_length(${row}.file_name) <= ${LONG_NAME_BYTES} then ${row}.${column} end`
    : `${row}.${column}`;
/** The row to insert for file `row` (new), its content columns read from `contents`. */
const insertFor = (row: string, isSqlite: boolean) =>
  `insert into timeline_files (${allColumns})
   select ${[...KEY, ...FILE_COLUMNS].map((c) => fileValue(row, c, isSqlite)).join(', ')}, ${CONTENT_COLUMNS.map((c) => `c.${c}`).join(', ')}
   from contents c where c.sha256 = ${row}.content_sha256`;
const deleteFor = (row: string) =>
  `delete from timeline_files where job_id = ${row}.job_id and taken_at = ${row}.taken_at and id = ${row}.id`;
const contentChanged = CONTENT_COLUMNS.map((c) => `old.${c} is not new.${c}`).join(' or ');
const contentUpdate = `update timeline_files set ${CONTENT_COLUMNS.map((c) => `${c} = new.${c}`).join(', ')}
  where content_sha256 = new.sha256`;

function sqliteStatements(): string[] {
  return [
    `create trigger files_timeline_files_insert after insert on files when new.deleted_at is null
      begin ${insertFor('new', true)}; end`,
    `create trigger files_timeline_files_delete after delete on files when old.deleted_at is null
      begin ${deleteFor('old')}; end`,
    `create trigger files_timeline_files_update after update on files
      begin ${deleteFor('old')}; ${insertFor('new', true)} and new.deleted_at is null; end`,
    `create trigger contents_timeline_files_update after update on contents when ${contentChanged}
      begin ${contentUpdate}; end`,
  ];
}

function postgresStatements(): string[] {
  return [
    `create function files_timeline_files() returns trigger language plpgsql as $$
     begin
       if tg_op <> 'INSERT' and old.deleted_at is null then ${deleteFor('old')}; end if;
       if tg_op <> 'DELETE' and new.deleted_at is null then ${insertFor('new', false)}; end if;
       return null;
     end $$`,
    `create trigger files_timeline_files after insert or delete or update on files
       for each row execute function files_timeline_files()`,
    `create function contents_timeline_files() returns trigger language plpgsql as $$
     begin
       ${contentUpdate};
       return null;
     end $$`,
    `create trigger contents_timeline_files after update on contents
       for each row when (${contentChanged.replaceAll(' is not ', ' is distinct from ')})
       execute function contents_timeline_files()`,
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const key = 'primary key (job_id, taken_at desc, id)';
  const columns = `job_id text not null, taken_at bigint not null, id text not null,
    content_sha256 text not null, user_id text not null, path text, file_name text,
    size bigint not null, mtime bigint not null, ctime bigint not null, uploaded_at bigint not null,
    file_type text not null, is_screenshot integer not null, group_type text, group_id text,
    is_master integer not null, media_kind text not null, width integer, height integer,
    duration_ms bigint, encode_status text not null, thumbhash text`;
  if (isSqlite) {
    await sql.raw(`create table timeline_files (${columns}, ${key}) without rowid`).execute(db);
  } else {
    // No primary key: one unique index, in the list's order (a primary key cannot mix directions),
    // carrying every shown column, is all the table needs.
    const included = [...FILE_COLUMNS, ...CONTENT_COLUMNS].join(', ');
    await sql.raw(`create table timeline_files (${columns})`).execute(db);
    await sql
      .raw(
        `create unique index timeline_files_order_idx on timeline_files (job_id, taken_at desc, id) include (${included})`,
      )
      .execute(db);
  }
  // The media worker's content updates find the rows showing that content.
  await sql`create index timeline_files_content_idx on timeline_files (content_sha256)`.execute(db);

  await sql
    .raw(
      `insert into timeline_files (${allColumns})
       select ${[...KEY, ...FILE_COLUMNS].map((c) => fileValue('f', c, isSqlite)).join(', ')}, ${CONTENT_COLUMNS.map((c) => `c.${c}`).join(', ')}
       from files f join contents c on c.sha256 = f.content_sha256 where f.deleted_at is null`,
    )
    .execute(db);

  for (const statement of isSqlite ? sqliteStatements() : postgresStatements()) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (isSqlite) {
    for (const name of [
      'files_timeline_files_insert',
      'files_timeline_files_delete',
      'files_timeline_files_update',
    ]) {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
    await sql`drop trigger contents_timeline_files_update`.execute(db);
  } else {
    await sql`drop trigger contents_timeline_files on contents`.execute(db);
    await sql`drop function contents_timeline_files()`.execute(db);
    await sql`drop trigger files_timeline_files on files`.execute(db);
    await sql`drop function files_timeline_files()`.execute(db);
  }
  await sql`drop table timeline_files`.execute(db);
}
