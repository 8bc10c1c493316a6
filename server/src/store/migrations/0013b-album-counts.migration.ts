import { type Kysely, sql } from 'kysely';

/**
 * Participants, comments and loves per album, kept on the album row in the transaction that
 * changes them (as media_count is), so the album list reads one row per album and counts nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['participant_count', 'comment_count', 'reaction_count']) {
    await db.schema
      .alterTable('albums')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // Albums made before these columns.
  await sql`update albums set
      participant_count = (select count(*) from album_members m where m.job_id = albums.job_id),
      comment_count = (select count(*) from comments c where c.job_id = albums.job_id),
      reaction_count = (select count(*) from reactions r where r.job_id = albums.job_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['reaction_count', 'comment_count', 'participant_count']) {
    await db.schema.alterTable('albums').dropColumn(column).execute();
  }
}
