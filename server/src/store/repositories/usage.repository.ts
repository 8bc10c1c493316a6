import { sql } from 'kysely';
import type { Database } from '../database';

export interface UsageCounters {
  picture_count: number;
  video_count: number;
  screenshot_count: number;
  document_count: number;
}

export interface Usage {
  usedSpace: number;
  counters: UsageCounters;
}

export type UsageDelta = Partial<{ usedSpace: number } & UsageCounters>;

const ZERO_COUNTERS: UsageCounters = {
  picture_count: 0,
  video_count: 0,
  screenshot_count: 0,
  document_count: 0,
};

/**
 * `used_space` counts each content a user owns once: the sum of sizes of the distinct contents
 * their non-deleted files point at. `user_contents` holds the per-content reference counts and
 * `user_usage` the running totals, so reading is one row; callers change both in the same
 * transaction as the file row (pass the transaction as `db`).
 */
export function createUsageRepository(db: Database) {
  async function addDelta(userId: string, delta: UsageDelta): Promise<void> {
    const row = {
      user_id: userId,
      used_space: delta.usedSpace ?? 0,
      picture_count: delta.picture_count ?? 0,
      video_count: delta.video_count ?? 0,
      screenshot_count: delta.screenshot_count ?? 0,
      document_count: delta.document_count ?? 0,
    };
    await db
      .insertInto('user_usage')
      .values(row)
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          used_space: sql`user_usage.used_space + ${row.used_space}`,
          picture_count: sql`user_usage.picture_count + ${row.picture_count}`,
          video_count: sql`user_usage.video_count + ${row.video_count}`,
          screenshot_count: sql`user_usage.screenshot_count + ${row.screenshot_count}`,
          document_count: sql`user_usage.document_count + ${row.document_count}`,
        }),
      )
      .execute();
  }

  return {
    async usageOf(userId: string): Promise<Usage> {
      const row = await db
        .selectFrom('user_usage')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return { usedSpace: 0, counters: { ...ZERO_COUNTERS } };
      return {
        usedSpace: Number(row.used_space),
        counters: {
          picture_count: Number(row.picture_count),
          video_count: Number(row.video_count),
          screenshot_count: Number(row.screenshot_count),
          document_count: Number(row.document_count),
        },
      };
    },

    /** Whether the user already has a file (live or trashed) over these bytes. */
    async ownsContent(userId: string, sha256: string): Promise<boolean> {
      const row = await db
        .selectFrom('user_contents')
        .select('ref_count')
        .where('user_id', '=', userId)
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      return Boolean(row && Number(row.ref_count) > 0);
    },

    /** One more of the user's files points at the content; the size counts only the first time. */
    async addContentRef(userId: string, sha256: string, size: number): Promise<{ isNewToUser: boolean }> {
      const row = await db
        .insertInto('user_contents')
        .values({ user_id: userId, sha256, ref_count: 1 })
        .onConflict((oc) =>
          oc.columns(['user_id', 'sha256']).doUpdateSet({ ref_count: sql`user_contents.ref_count + 1` }),
        )
        .returning('ref_count')
        .executeTakeFirstOrThrow();
      const isNewToUser = Number(row.ref_count) === 1;
      if (isNewToUser) await addDelta(userId, { usedSpace: size });
      return { isNewToUser };
    },

    /** One fewer of the user's files points at the content; its size leaves used_space with the last. */
    async removeContentRef(userId: string, sha256: string, size: number): Promise<{ wasLast: boolean }> {
      const row = await db
        .updateTable('user_contents')
        .set({ ref_count: sql`ref_count - 1` })
        .where('user_id', '=', userId)
        .where('sha256', '=', sha256)
        .returning('ref_count')
        .executeTakeFirst();
      if (!row) return { wasLast: false };
      const wasLast = Number(row.ref_count) <= 0;
      if (wasLast) {
        await db
          .deleteFrom('user_contents')
          .where('user_id', '=', userId)
          .where('sha256', '=', sha256)
          .execute();
        await addDelta(userId, { usedSpace: -size });
      }
      return { wasLast };
    },

    addDelta,

    /** used_space computed from the file rows, ignoring the running totals (tests and repair). */
    async recomputeUsedSpace(userId: string): Promise<number> {
      const row = await db
        .selectFrom((eb) =>
          eb
            .selectFrom('files')
            .innerJoin('contents', 'contents.sha256', 'files.content_sha256')
            .select(['contents.sha256', 'contents.size'])
            .where('files.user_id', '=', userId)
            .distinct()
            .as('owned'),
        )
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('owned.size'), sql<number>`0`).as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
