import type { Database } from '../database';

/** Claims of periodic runs: a period's run goes to the first process that asks once it has opened. */
export function createPeriodicRunRepository(db: Database) {
  return {
    /**
     * Claims the run of `name` starting at `now` for `holder` when the latest run started at least
     * `everyMs` ago (or never). One statement, so of processes asking at once exactly one wins.
     * Answers null when this claim won, otherwise when the latest run started.
     */
    async claim(name: string, holder: string, now: number, everyMs: number): Promise<number | null> {
      const won = await db
        .insertInto('periodic_runs')
        .values({ name, holder, started_at: now })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ holder, started_at: now })
            .where('periodic_runs.started_at', '<=', now - everyMs),
        )
        .returning('started_at')
        .executeTakeFirst();
      if (won) return null;
      const row = await db
        .selectFrom('periodic_runs')
        .select('started_at')
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(row?.started_at ?? now);
    },

    async list(): Promise<{ name: string; holder: string; started_at: number }[]> {
      return db.selectFrom('periodic_runs').selectAll().orderBy('name').execute();
    },
  };
}

export type PeriodicRunRepository = ReturnType<typeof createPeriodicRunRepository>;
