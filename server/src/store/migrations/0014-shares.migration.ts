import type { Kysely } from 'kysely';

/**
 * Shares of files (core.md §3, §7): a link to a list of the owner's files, valid until
 * `expires_at`, optionally behind a password (stored only as its argon2id hash). Stopping a share sets `deleted_at`, so the link
 * answers 404 and its signed media URLs stop working at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('shares_owner_idx').on('shares').columns(['owner_id']).execute();

  await db.schema
    .createTable('share_files')
    .addColumn('share_id', 'text', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('share_files_pk', ['share_id', 'file_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_files').execute();
  await db.schema.dropTable('shares').execute();
}
