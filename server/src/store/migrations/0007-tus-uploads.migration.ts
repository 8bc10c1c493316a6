import type { Kysely } from 'kysely';

/**
 * Resumable uploads kept where every API process sees them: the upload (owner, declared length,
 * bytes received, tus metadata) and how it ended, in the database; its bytes as one blob per
 * PATCH in the blob store, listed in `tus_parts`. The (upload, part_start) key lets only one of
 * two PATCHes sent to different processes for the same offset commit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tus_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('size', 'bigint')
    .addColumn('received', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tus_uploads_updated_idx').on('tus_uploads').column('updated_at').execute();
  await db.schema
    .createTable('tus_parts')
    .addColumn('upload_id', 'text', (c) => c.notNull().references('tus_uploads.id').onDelete('cascade'))
    .addColumn('part_start', 'bigint', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tus_parts_pk', ['upload_id', 'part_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tus_parts').execute();
  await db.schema.dropTable('tus_uploads').execute();
}
