import type { Kysely } from 'kysely';

/**
 * Media work that failed for a reason that may pass (a blob store outage, a full disk, a worker
 * killed mid-job) is tried again in later rounds, hours apart: one row per content and job name
 * that failed so, with the rounds failed so far and when the next one is due (null: no more).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_retries')
    .addColumn('sha256', 'text', (c) => c.notNull().references('contents.sha256').onDelete('cascade'))
    .addColumn('job_name', 'text', (c) => c.notNull())
    .addColumn('rounds', 'integer', (c) => c.notNull())
    .addColumn('retry_at', 'bigint')
    .addPrimaryKeyConstraint('media_retries_pk', ['sha256', 'job_name'])
    .execute();
  await db.schema.createIndex('media_retries_due_idx').on('media_retries').column('retry_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_retries').execute();
}
