import type { Kysely } from 'kysely';

/**
 * The last start of each periodic task (sweeps, purges, housekeeping, renewals), so that however
 * many processes share the database a period's run is claimed by one of them, once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('periodic_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('periodic_runs').execute();
}
