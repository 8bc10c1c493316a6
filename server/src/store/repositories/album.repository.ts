import { sql } from 'kysely';
import type { Database } from '../database';
import type { AlbumsTable, JobsTable } from '../schema';

export type AlbumSettingsRow = AlbumsTable;

/** An album's job row, its settings and its owner, as every album call reads them. */
export type AlbumRow = JobsTable &
  Omit<AlbumsTable, 'job_id' | 'allow_sharing' | 'participant_count' | 'comment_count' | 'reaction_count'> & {
    owner_name: string;
    owner_email: string;
    owner_picture_key: string | null;
  };

/** An album row with what the list and the album page show beside it. */
export interface AlbumDetailsRow extends AlbumRow {
  participant_count: number;
  comment_count: number;
  reaction_count: number;
  /** The chosen cover, else the file added last (the bookkeeping clears a cover that leaves). */
  cover_id: string | null;
  cover_media_kind: 'picture' | 'movie' | 'document' | null;
  cover_thumbhash: string | null;
}

export interface AlbumMemberRow {
  user_id: string;
  name: string;
  picture_key: string | null;
  joined_at: number;
}

/** The album row's counts of rows in other tables (participants, comments, loves). */
export type AlbumCountColumn = 'participant_count' | 'comment_count' | 'reaction_count';

export interface AlbumFileMove {
  fileId: string;
  sign: 1 | -1;
  size: number;
  takenAt: number;
  heic: boolean;
}

export function createAlbumRepository(db: Database) {
  const albumRows = () =>
    db
      .selectFrom('jobs')
      .innerJoin('albums', 'albums.job_id', 'jobs.id')
      .innerJoin('users', 'users.id', 'jobs.owner_id')
      .selectAll('jobs')
      .select([
        'albums.privacy',
        'albums.password_hash',
        'albums.permissions',
        'albums.cover_file_id',
        'albums.sort_order',
        'albums.media_count',
        'albums.size_bytes',
        'albums.heic_count',
        'albums.first_taken',
        'albums.last_taken',
        'albums.latest_file_id',
        'users.name as owner_name',
        'users.email as owner_email',
        'users.profile_picture_key as owner_picture_key',
      ]);

  // The album row carries its own summary and counts (kept where they change), so each album
  // costs two seeks for its cover's kind and thumbhash, never a files scan or a count.
  const coverId = sql<string | null>`coalesce(albums.cover_file_id, albums.latest_file_id)`;
  const detailRows = () =>
    albumRows()
      .leftJoin('files as cf', (join) => join.on('cf.id', '=', coverId))
      .leftJoin('contents as cc', 'cc.sha256', 'cf.content_sha256')
      .select([
        'albums.participant_count',
        'albums.comment_count',
        'albums.reaction_count',
        coverId.as('cover_id'),
        'cc.media_kind as cover_media_kind',
        'cc.thumbhash as cover_thumbhash',
      ]);

  return {
    async insert(job: JobsTable, settings: Omit<AlbumSettingsRow, 'job_id'>): Promise<void> {
      await db.insertInto('jobs').values(job).execute();
      await db
        .insertInto('albums')
        .values({ job_id: job.id, ...settings })
        .execute();
    },

    find(jobId: string): Promise<AlbumRow | undefined> {
      return albumRows().where('jobs.id', '=', jobId).executeTakeFirst() as Promise<AlbumRow | undefined>;
    },

    findDetails(jobId: string): Promise<AlbumDetailsRow | undefined> {
      return detailRows().where('jobs.id', '=', jobId).executeTakeFirst() as Promise<
        AlbumDetailsRow | undefined
      >;
    },

    /** The user's own albums and the shared ones they joined, not in the trash. */
    listFor(userId: string): Promise<AlbumDetailsRow[]> {
      return detailRows()
        .where('jobs.type', '=', 'story')
        .where('jobs.deleted_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('jobs.owner_id', '=', userId),
            eb.and([
              eb('albums.privacy', '=', 'shared'),
              eb(
                'jobs.id',
                'in',
                eb
                  .selectFrom('album_members')
                  .select('album_members.job_id')
                  .where('album_members.user_id', '=', userId),
              ),
            ]),
          ]),
        )
        .orderBy('jobs.updated_at', 'desc')
        .execute() as Promise<AlbumDetailsRow[]>;
    },

    async update(
      jobId: string,
      patch: Partial<
        Pick<AlbumSettingsRow, 'privacy' | 'password_hash' | 'permissions' | 'cover_file_id' | 'sort_order'>
      >,
      at: number,
    ): Promise<void> {
      if (Object.keys(patch).length > 0)
        await db.updateTable('albums').set(patch).where('job_id', '=', jobId).execute();
      await db.updateTable('jobs').set({ updated_at: at }).where('id', '=', jobId).execute();
    },

    async rename(jobId: string, name: string, at: number): Promise<void> {
      await db.updateTable('jobs').set({ name, updated_at: at }).where('id', '=', jobId).execute();
    },

    /** To the trash; answers false when it already was there. */
    async markDeleted(jobId: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ deleted_at: at })
        .where('id', '=', jobId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Called by the file bookkeeping in the transaction that moves the file: counts, bytes and the
     * date range move with it; a file that leaves takes the range, the latest file and the chosen
     * cover with it when it was them, and they are read again from the live files (index seeks).
     */
    async moveFile(jobId: string, move: AlbumFileMove): Promise<void> {
      const counts = {
        media_count: sql<number>`media_count + ${move.sign}`,
        size_bytes: sql<number>`size_bytes + ${move.sign * move.size}`,
        heic_count: sql<number>`heic_count + ${move.heic ? move.sign : 0}`,
      };
      if (move.sign === 1) {
        await db
          .updateTable('albums')
          .set({
            ...counts,
            first_taken: sql<number>`case when first_taken is null or first_taken > ${move.takenAt} then ${move.takenAt} else first_taken end`,
            last_taken: sql<number>`case when last_taken is null or last_taken < ${move.takenAt} then ${move.takenAt} else last_taken end`,
            latest_file_id: move.fileId,
          })
          .where('job_id', '=', jobId)
          .execute();
        return;
      }
      const live = (column: string) =>
        sql`(select ${sql.raw(column)} from files f where f.job_id = ${jobId} and f.deleted_at is null)`;
      await db
        .updateTable('albums')
        .set({
          ...counts,
          first_taken: sql<number | null>`${live('min(f.taken_at)')}`,
          last_taken: sql<number | null>`${live('max(f.taken_at)')}`,
          latest_file_id: sql<string | null>`(select f.id from files f where f.job_id = ${jobId}
            and f.deleted_at is null order by f.uploaded_at desc limit 1)`,
          cover_file_id: sql<
            string | null
          >`case when cover_file_id = ${move.fileId} then null else cover_file_id end`,
        })
        .where('job_id', '=', jobId)
        .execute();
    },

    /** True when the user was not a member yet. */
    async addMember(jobId: string, userId: string, at: number): Promise<boolean> {
      const result = await db
        .insertInto('album_members')
        .values({ job_id: jobId, user_id: userId, joined_at: at })
        .onConflict((oc) => oc.columns(['job_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** True when the user was a member. */
    async removeMember(jobId: string, userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('album_members')
        .where('job_id', '=', jobId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Moves the album row's counts by the given amounts. */
    async moveCounts(jobId: string, delta: Partial<Record<AlbumCountColumn, number>>): Promise<void> {
      const set = Object.fromEntries(
        Object.entries(delta)
          .filter(([, by]) => by !== 0)
          .map(([column, by]) => [column, sql<number>`${sql.ref(column)} + ${by}`]),
      );
      if (Object.keys(set).length === 0) return;
      await db.updateTable('albums').set(set).where('job_id', '=', jobId).execute();
    },

    members(jobId: string): Promise<AlbumMemberRow[]> {
      return db
        .selectFrom('album_members')
        .innerJoin('users', 'users.id', 'album_members.user_id')
        .select([
          'album_members.user_id',
          'users.name',
          'users.profile_picture_key as picture_key',
          'album_members.joined_at',
        ])
        .where('album_members.job_id', '=', jobId)
        .orderBy('album_members.joined_at', 'asc')
        .execute();
    },

    guests(jobId: string) {
      return db
        .selectFrom('album_guests')
        .select(['id', 'name', 'created_at'])
        .where('job_id', '=', jobId)
        .orderBy('created_at', 'asc')
        .execute();
    },

    async insertGuest(guest: {
      id: string;
      job_id: string;
      name: string;
      token_hash: string;
      created_at: number;
    }) {
      await db.insertInto('album_guests').values(guest).execute();
    },

    async liveFileIds(jobId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('files')
        .select('id')
        .where('job_id', '=', jobId)
        .where('deleted_at', 'is', null)
        .orderBy('uploaded_at', 'asc')
        .execute();
      return rows.map((row) => row.id);
    },

    async liveFileCount(jobId: string): Promise<number> {
      const row = await db
        .selectFrom('albums')
        .select('media_count')
        .where('job_id', '=', jobId)
        .executeTakeFirst();
      return Number(row?.media_count ?? 0);
    },
  };
}

export type AlbumRepository = ReturnType<typeof createAlbumRepository>;
