import type { Database } from '../database';
import type { AccountPrivacyTable, DataCopiesTable, DataCopyStatus } from '../schema';

export type AccountPrivacyRow = AccountPrivacyTable;
export type DataCopyRow = DataCopiesTable;
type PrivacyPatch = Partial<Omit<AccountPrivacyTable, 'user_id'>>;

const EMPTY_PRIVACY: Omit<AccountPrivacyTable, 'user_id'> = {
  tos_version: null,
  tos_approved_at: null,
  sunset_delete_at: null,
  legacy_choice: null,
  legacy_language: null,
  legacy_contact: null,
  deletion_requested_at: null,
  deletion_due_at: null,
};

/** Consents, the per-account privacy row and the copies of a user's data (migration 0017-privacy). */
export function createPrivacyRepository(db: Database) {
  return {
    async consentsOf(userId: string): Promise<Map<string, boolean>> {
      const rows = await db
        .selectFrom('consents')
        .select(['key', 'value'])
        .where('user_id', '=', userId)
        .execute();
      return new Map(rows.map((row) => [row.key, row.value === 1]));
    },

    async setConsent(userId: string, key: string, value: boolean, at: number): Promise<void> {
      const flag = value ? 1 : 0;
      await db
        .insertInto('consents')
        .values({ user_id: userId, key, value: flag, updated_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value: flag, updated_at: at }))
        .execute();
    },

    find(userId: string): Promise<AccountPrivacyRow | undefined> {
      return db.selectFrom('account_privacy').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** Only the fields given change; a user without a row gets one. */
    async update(userId: string, patch: PrivacyPatch): Promise<void> {
      await db
        .insertInto('account_privacy')
        .values({ user_id: userId, ...EMPTY_PRIVACY, ...patch })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(patch))
        .execute();
    },

    /** Accounts whose deletion is due at `now`, soonest first. */
    async deletionsDue(now: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('account_privacy')
        .select('user_id')
        .where('deletion_due_at', 'is not', null)
        .where('deletion_due_at', '<=', now)
        .orderBy('deletion_due_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.user_id);
    },

    async insertDataCopy(row: DataCopyRow): Promise<void> {
      await db.insertInto('data_copies').values(row).execute();
    },

    latestDataCopy(userId: string): Promise<DataCopyRow | undefined> {
      return db
        .selectFrom('data_copies')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('requested_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    findDataCopy(id: string): Promise<DataCopyRow | undefined> {
      return db.selectFrom('data_copies').selectAll().where('id', '=', id).executeTakeFirst();
    },

    dataCopiesOf(userId: string): Promise<DataCopyRow[]> {
      return db.selectFrom('data_copies').selectAll().where('user_id', '=', userId).execute();
    },

    /** Pending copies, oldest first: built by whichever process gets to them. */
    async pendingDataCopies(requestedBefore: number, limit: number): Promise<DataCopyRow[]> {
      return db
        .selectFrom('data_copies')
        .selectAll()
        .where('status', '=', 'pending')
        .where('requested_at', '<', requestedBefore)
        .orderBy('requested_at')
        .limit(limit)
        .execute();
    },

    /** Moves a copy out of pending; false when it was not pending (built elsewhere meanwhile). */
    async finishDataCopy(
      id: string,
      outcome: { status: Exclude<DataCopyStatus, 'pending'>; blob_key: string | null; ready_at: number },
    ): Promise<boolean> {
      const result = await db
        .updateTable('data_copies')
        .set(outcome)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** What a copy of the user's data holds besides consents and legacy: files, albums, comments. */
    async metadataOf(userId: string) {
      const [files, albums, joined, comments] = await Promise.all([
        db
          .selectFrom('files')
          .select([
            'id',
            'job_id',
            'path',
            'file_name',
            'size',
            'file_type',
            'taken_at',
            'uploaded_at',
            'mtime',
            'deleted_at',
            'content_sha256',
          ])
          .where('user_id', '=', userId)
          .orderBy('uploaded_at')
          .execute(),
        db
          .selectFrom('jobs')
          .innerJoin('albums', 'albums.job_id', 'jobs.id')
          .select([
            'jobs.id',
            'jobs.name',
            'jobs.created_at',
            'jobs.deleted_at',
            'albums.privacy',
            'albums.media_count',
          ])
          .where('jobs.owner_id', '=', userId)
          .orderBy('jobs.created_at')
          .execute(),
        db
          .selectFrom('album_members')
          .innerJoin('jobs', 'jobs.id', 'album_members.job_id')
          .select(['jobs.id', 'jobs.name', 'album_members.joined_at'])
          .where('album_members.user_id', '=', userId)
          .execute(),
        db
          .selectFrom('comments')
          .select(['id', 'job_id', 'file_id', 'body', 'created_at', 'edited_at'])
          .where('author_id', '=', userId)
          .where('author_is_guest', '=', 0)
          .orderBy('created_at')
          .execute(),
      ]);
      return { files, albums, joined, comments };
    },

    /** Jobs (timeline, albums) the user owns, trashed or not. */
    async ownedJobIds(userId: string): Promise<string[]> {
      const rows = await db.selectFrom('jobs').select('id').where('owner_id', '=', userId).execute();
      return rows.map((row) => row.id);
    },

    /** Files the user put into other people's jobs, with those jobs. */
    filesInOthersJobs(userId: string): Promise<{ id: string; job_id: string }[]> {
      return db
        .selectFrom('files')
        .innerJoin('jobs', 'jobs.id', 'files.job_id')
        .select(['files.id', 'files.job_id'])
        .where('files.user_id', '=', userId)
        .where('jobs.owner_id', '<>', userId)
        .execute();
    },

    /** The user's comments and loves in other people's albums, and the albums they joined. */
    async traces(userId: string) {
      const [comments, reactions, memberships] = await Promise.all([
        db
          .selectFrom('comments')
          .select('id')
          .where('author_id', '=', userId)
          .where('author_is_guest', '=', 0)
          .execute(),
        db.selectFrom('reactions').select(['job_id', 'file_id']).where('actor_id', '=', userId).execute(),
        db.selectFrom('album_members').select('job_id').where('user_id', '=', userId).execute(),
      ]);
      return {
        commentIds: comments.map((row) => row.id),
        reactions,
        albumIds: memberships.map((row) => row.job_id),
      };
    },

    /** The account row; what references it goes by cascade. */
    async deleteUser(userId: string): Promise<boolean> {
      const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
