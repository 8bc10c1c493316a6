import { type Kysely, sql } from 'kysely';

/**
 * Jobs (timelines, albums, shares), content-addressed bytes, file records over them, the
 * per-job change log, and per-user usage kept exact in the same transactions as file changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('serial', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('jobs_owner_type_idx').on('jobs').columns(['owner_id', 'type']).execute();
  // One timeline per user; a partial index reads the same on SQLite and PostgreSQL.
  await sql`create unique index jobs_one_timeline_idx on jobs (owner_id) where type = 'timeline'`.execute(db);

  await db.schema
    .createTable('contents')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('media_kind', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration_ms', 'bigint')
    .addColumn('taken_at', 'bigint')
    .addColumn('metadata', 'text')
    .addColumn('ref_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('thumb_status', 'text', (c) => c.notNull())
    .addColumn('encode_status', 'text', (c) => c.notNull())
    .addColumn('thumbhash', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The media worker picks up pending work by status.
  await db.schema.createIndex('contents_thumb_status_idx').on('contents').column('thumb_status').execute();
  await db.schema.createIndex('contents_encode_status_idx').on('contents').column('encode_status').execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('content_sha256', 'text', (c) => c.notNull().references('contents.sha256'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('extension', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mtime', 'bigint', (c) => c.notNull())
    .addColumn('ctime', 'bigint', (c) => c.notNull())
    .addColumn('taken_at', 'bigint', (c) => c.notNull())
    .addColumn('uploaded_at', 'bigint', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('is_screenshot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group_type', 'text')
    .addColumn('group_id', 'text')
    .addColumn('is_master', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'bigint')
    .execute();
  // Timeline months and one-month lists at a million files per user.
  await db.schema
    .createIndex('files_job_deleted_taken_idx')
    .on('files')
    .columns(['job_id', 'deleted_at', 'taken_at'])
    .execute();
  await db.schema
    .createIndex('files_job_uploaded_idx')
    .on('files')
    .columns(['job_id', 'uploaded_at'])
    .execute();
  await db.schema
    .createIndex('files_job_content_idx')
    .on('files')
    .columns(['job_id', 'content_sha256'])
    .execute();
  await db.schema.createIndex('files_job_path_idx').on('files').columns(['job_id', 'path']).execute();
  await db.schema.createIndex('files_content_idx').on('files').column('content_sha256').execute();
  await db.schema
    .createIndex('files_user_content_idx')
    .on('files')
    .columns(['user_id', 'content_sha256'])
    .execute();

  await db.schema
    .createTable('changes')
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('serial', 'bigint', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('fields', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('changes_pk', ['job_id', 'serial'])
    .execute();

  await db.schema
    .createTable('user_contents')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sha256', 'text', (c) => c.notNull().references('contents.sha256'))
    .addColumn('ref_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_contents_pk', ['user_id', 'sha256'])
    .execute();

  await db.schema
    .createTable('user_usage')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('used_space', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('picture_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('video_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('screenshot_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('document_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_usage').execute();
  await db.schema.dropTable('user_contents').execute();
  await db.schema.dropTable('changes').execute();
  await db.schema.dropTable('files').execute();
  await db.schema.dropTable('contents').execute();
  await db.schema.dropTable('jobs').execute();
}
