import type { Kysely } from 'kysely';

/**
 * Comments and loves on a job's files. An author is a user or a named guest of the album; the
 * name is kept on the row so a comment still shows who wrote it after the guest or user is gone.
 * A love is keyed by file and actor (user or guest id): one or none each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('author_is_guest', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('edited_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('comments_file_idx')
    .on('comments')
    .columns(['job_id', 'file_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('reactions')
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reactions_pk', ['job_id', 'file_id', 'actor_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reactions').execute();
  await db.schema.dropTable('comments').execute();
}
