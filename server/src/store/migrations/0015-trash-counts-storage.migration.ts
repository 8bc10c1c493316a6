import { type Kysely, sql } from 'kysely';

/** `user_contents` and used_space recomputed from the file rows (trashed ones too, or not). */
async function rebuild(db: Kysely<unknown>, countTrashed: boolean): Promise<void> {
  await sql`delete from user_contents`.execute(db);
  await sql`insert into user_contents (user_id, sha256, ref_count)
    select user_id, content_sha256, count(*) from files
    ${countTrashed ? sql`` : sql`where deleted_at is null`}
    group by user_id, content_sha256`.execute(db);
  await sql`update user_usage set used_space = coalesce((
    select sum(contents.size) from user_contents
    join contents on contents.sha256 = user_contents.sha256
    where user_contents.user_id = user_usage.user_id), 0)`.execute(db);
}

/**
 * A trashed file counts against its uploader's storage until it is purged: `user_contents` holds a
 * reference per non-purged row and used_space sums each referenced content once. Trashing used to
 * release both, so they are rebuilt from the rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, false);
}
