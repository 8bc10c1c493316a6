import type { Kysely } from 'kysely';

/**
 * Privacy and the account's life (account.md §3, §4): consents, one row of privacy state per
 * account (approved terms, sunset date, digital legacy, deletion schedule), e-mail consent by
 * address (reachable from any mail by its identifier, also for people without an account), the
 * copies of a user's data, and the errors clients report.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('consents')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('consents_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('account_privacy')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('tos_version', 'text')
    .addColumn('tos_approved_at', 'bigint')
    .addColumn('sunset_delete_at', 'bigint')
    .addColumn('legacy_choice', 'text')
    .addColumn('legacy_language', 'text')
    .addColumn('legacy_contact', 'text')
    .addColumn('deletion_requested_at', 'bigint')
    .addColumn('deletion_due_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('account_privacy_deletion_idx')
    .on('account_privacy')
    .columns(['deletion_due_at'])
    .execute();

  await db.schema
    .createTable('email_consents')
    .addColumn('identifier', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('consent', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('data_copies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text')
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('ready_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('data_copies_user_idx')
    .on('data_copies')
    .columns(['user_id', 'requested_at'])
    .execute();

  await db.schema
    .createTable('client_errors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('stack', 'text')
    .addColumn('url', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_errors_created_idx')
    .on('client_errors')
    .columns(['created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('client_errors').execute();
  await db.schema.dropTable('data_copies').execute();
  await db.schema.dropTable('email_consents').execute();
  await db.schema.dropTable('account_privacy').execute();
  await db.schema.dropTable('consents').execute();
}
