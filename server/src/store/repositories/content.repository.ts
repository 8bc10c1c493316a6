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

    /** Deletes the content once no file row points here; answers its blob key, or undefined. */
    async deleteUnreferenced(sha256: string): Promise<string | undefined> {
      const gone = await db
        .deleteFrom('contents')
        .where('sha256', '=', sha256)
        .where('ref_count', '<=', 0)
        .returning('blob_key')
        .executeTakeFirst();
      return gone?.blob_key;
    },

    /** Which of `keys` are a content's bytes. */
    async ownedBlobKeys(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.selectFrom('contents').select('blob_key').where('blob_key', 'in', keys).execute();
      return new Set(rows.map((row) => row.blob_key));
    },

    /** Which of these contents exist. */
    async existing(sha256s: readonly string[]): Promise<Set<string>> {
      if (sha256s.length === 0) return new Set();
      const rows = await db.selectFrom('contents').select('sha256').where('sha256', 'in', sha256s).execute();
      return new Set(rows.map((row) => row.sha256));
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
