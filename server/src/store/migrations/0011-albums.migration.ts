import type { Kysely } from 'kysely';

/**
 * What an album (a job of type story) has beyond a job: its privacy, the hash of its password,
 * permission bits, cover and file order; the users who joined it; and the names signed-out guests
 * gave. One row per album in `albums`, so timelines and shares keep their narrow job rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('albums')
    .addColumn('job_id', 'text', (c) => c.primaryKey().references('jobs.id').onDelete('cascade'))
    .addColumn('privacy', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('permissions', 'integer', (c) => c.notNull())
    .addColumn('allow_sharing', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('cover_file_id', 'text')
    .addColumn('sort_order', 'text', (c) => c.notNull())
    // Live files, their bytes and HEIC count, kept in the transactions that move files (the album
    // list shows them for every album at once).
    .addColumn('media_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('heic_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('album_members')
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('album_members_pk', ['job_id', 'user_id'])
    .execute();
  // The albums a user joined, for their album list.
  await db.schema
    .createIndex('album_members_user_idx')
    .on('album_members')
    .columns(['user_id', 'job_id'])
    .execute();

  await db.schema
    .createTable('album_guests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('album_guests_job_idx').on('album_guests').column('job_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('album_guests').execute();
  await db.schema.dropTable('album_members').execute();
  await db.schema.dropTable('albums').execute();
}
