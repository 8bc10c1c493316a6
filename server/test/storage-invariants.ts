import { sql } from 'kysely';
import type { Database } from '../src/store/database';

/**
 * Each user's used_space beside what it must equal: the sizes of the distinct contents their
 * non-purged files (live or trashed) hold. A crash that leaves the two apart shows here.
 */
export async function usedSpaceBesideStored(
  db: Database,
): Promise<Array<{ userId: string; usedSpace: number; stored: number }>> {
  const usage = await db.selectFrom('user_usage').select(['user_id', 'used_space']).execute();
  return Promise.all(
    usage.map(async ({ user_id, used_space }) => {
      const stored = await sql<{ total: string | number }>`
        select coalesce(sum(c.size), 0) as total from contents c
        where c.sha256 in (select f.content_sha256 from files f where f.user_id = ${user_id})`.execute(db);
      return { userId: user_id, usedSpace: Number(used_space), stored: Number(stored.rows[0]?.total) };
    }),
  );
}
