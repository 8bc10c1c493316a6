import { type Kysely, sql } from 'kysely';

/**
 * The trash: trashed files by deletion time (the purge walks them oldest first, a job's trash
 * lists newest first), and leases that let one process of several run a periodic task (the purge)
 * at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index files_trashed_idx on files (deleted_at) where deleted_at is not null`.execute(db);
  await sql`create index files_job_trashed_idx on files (job_id, deleted_at) where deleted_at is not null`.execute(
    db,
  );
  await db.schema
    .createTable('task_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('held_until', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('task_leases').execute();
  await db.schema.dropIndex('files_job_trashed_idx').execute();
  await db.schema.dropIndex('files_trashed_idx').execute();
}
