import { sql } from 'kysely';
import type { Database } from '../database';
import type { JobsTable } from '../schema';

export type JobRow = JobsTable;

export function createJobRepository(db: Database) {
  return {
    findById(id: string): Promise<JobRow | undefined> {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findTimeline(ownerId: string): Promise<JobRow | undefined> {
      return db
        .selectFrom('jobs')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('type', '=', 'timeline')
        .executeTakeFirst();
    },

    /** Inserts unless the owner already has a timeline (two first calls at once must not make two). */
    async insertTimelineIfAbsent(job: JobRow): Promise<void> {
      await db
        .insertInto('jobs')
        .values(job)
        // The literal must match the partial index's predicate text; a bound parameter does not on SQLite.
        .onConflict((oc) => oc.column('owner_id').where(sql<boolean>`type = 'timeline'`).doNothing())
        .execute();
    },
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;
