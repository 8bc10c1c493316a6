import type { Kysely } from 'kysely';

/**
 * Who is turning a resumable upload's parts into a file: a random token set when its last byte
 * arrives (or when a restarted process takes over an upload whose finisher died). Only the
 * holder may record the file, the outcome, or delete the parts, so a finisher that was taken
 * over from can neither add a second file nor pull the parts from under the one that took over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tus_uploads').addColumn('finish_claim', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tus_uploads').dropColumn('finish_claim').execute();
}
