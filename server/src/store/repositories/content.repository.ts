import { sql } from 'kysely';
import type { Database } from '../database';
import type { ContentsTable } from '../schema';

export type ContentRow = ContentsTable;

export function createContentRepository(db: Database) {
  return {
    findBySha(sha256: string): Promise<ContentRow | undefined> {
      return db.selectFrom('contents').selectAll().where('sha256', '=', sha256).executeTakeFirst();
    },

    /**
     * Adds one file reference to the content, inserting it if these bytes are new. Answers the
     * stored row: when its blob_key is not the candidate's, the bytes were already there and the
     * caller deletes its own copy.
     */
    async addRef(candidate: ContentRow): Promise<{ content: ContentRow; created: boolean }> {
      const content = await db
        .insertInto('contents')
        .values({ ...candidate, ref_count: 1 })
        .onConflict((oc) => oc.column('sha256').doUpdateSet({ ref_count: sql`contents.ref_count + 1` }))
        .returningAll()
        .executeTakeFirstOrThrow();
      return { content, created: content.blob_key === candidate.blob_key };
    },

    /** One file row fewer points here (a purge); the caller deletes the bytes when it reaches 0. */
    async removeRef(sha256: string): Promise<number> {
      const row = await db
        .updateTable('contents')
        .set({ ref_count: sql`ref_count - 1` })
        .where('sha256', '=', sha256)
        .returning('ref_count')
        .executeTakeFirst();
      return Number(row?.ref_count ?? 0);
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
