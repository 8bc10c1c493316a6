import { type Kysely, sql } from 'kysely';

/**
 * What the album list shows of each album's files, kept on the album row by the file bookkeeping
 * (as media_count is): the capture-date range and the file added last (the cover when none is
 * chosen). The list then reads one row per album instead of seeking its files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('albums').addColumn('first_taken', 'bigint').execute();
  await db.schema.alterTable('albums').addColumn('last_taken', 'bigint').execute();
  await db.schema.alterTable('albums').addColumn('latest_file_id', 'text').execute();
  // Albums made before these columns.
  await sql`update albums set
      first_taken = (select min(f.taken_at) from files f where f.job_id = albums.job_id and f.deleted_at is null),
      last_taken = (select max(f.taken_at) from files f where f.job_id = albums.job_id and f.deleted_at is null),
      latest_file_id = (select f.id from files f where f.job_id = albums.job_id and f.deleted_at is null
        order by f.uploaded_at desc limit 1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('albums').dropColumn('latest_file_id').execute();
  await db.schema.alterTable('albums').dropColumn('last_taken').execute();
  await db.schema.alterTable('albums').dropColumn('first_taken').execute();
}
