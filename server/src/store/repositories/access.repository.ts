import type { Database } from '../database';

/** Where a caller stands with an album, as the access checks (services/access.service.ts) ask it. */
export function createAccessRepository(db: Database) {
  return {
    async isAlbumMember(jobId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('album_members')
        .select('user_id')
        .where('job_id', '=', jobId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The guest a signed-out visitor's token names in this album. */
    findAlbumGuest(jobId: string, tokenHash: string) {
      return db
        .selectFrom('album_guests')
        .select(['id', 'name'])
        .where('job_id', '=', jobId)
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
  };
}

export type AccessRepository = ReturnType<typeof createAccessRepository>;
