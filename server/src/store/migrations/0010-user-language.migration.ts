import type { Kysely } from 'kysely';

/**
 * The app language a user last used (`GET /account_info?language=`), so what the server writes to
 * them outside the app (e-mails, sign-in pages reached from a link) can speak it. Null until the
 * app first reports it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
