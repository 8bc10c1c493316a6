import { sql } from 'kysely';
import type { Database } from '../database';

/**
 * Leases on periodic tasks, so that of several processes over one database one runs a task at a
 * time. A lease runs out by itself, so a process that dies holding one blocks nobody for long.
 */
export function createTaskLeaseRepository(db: Database) {
  return {
    /** Takes the lease until `until` if it is free (or expired, or already ours); true when taken. */
    async claim(name: string, holder: string, now: number, until: number): Promise<boolean> {
      const row = await db
        .insertInto('task_leases')
        .values({ name, holder, held_until: until })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ holder, held_until: until })
            .where((eb) =>
              eb.or([eb('task_leases.held_until', '<=', now), eb('task_leases.holder', '=', holder)]),
            ),
        )
        .returning('holder')
        .executeTakeFirst();
      return row?.holder === holder;
    },

    async release(name: string, holder: string): Promise<void> {
      await db
        .updateTable('task_leases')
        .set({ held_until: sql`0` })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },
  };
}

export type TaskLeaseRepository = ReturnType<typeof createTaskLeaseRepository>;
