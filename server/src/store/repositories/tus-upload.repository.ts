import type { Database } from '../database';
import type { TusPartsTable, TusUploadsTable } from '../schema';

export type TusUploadRow = TusUploadsTable;
export type TusPartRow = Pick<TusPartsTable, 'part_start' | 'size' | 'blob_key'>;

export function createTusUploadRepository(db: Database) {
  return {
    async create(
      row: Omit<TusUploadRow, 'received' | 'status' | 'file_id' | 'error' | 'updated_at' | 'finish_claim'>,
    ) {
      await db
        .insertInto('tus_uploads')
        .values({
          ...row,
          received: 0,
          status: 'uploading',
          file_id: null,
          error: null,
          updated_at: row.created_at,
          finish_claim: null,
        })
        .execute();
    },

    find(id: string): Promise<TusUploadRow | undefined> {
      return db.selectFrom('tus_uploads').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async setSize(id: string, size: number, at: number): Promise<void> {
      await db.updateTable('tus_uploads').set({ size, updated_at: at }).where('id', '=', id).execute();
    },

    parts(id: string): Promise<TusPartRow[]> {
      return db
        .selectFrom('tus_parts')
        .select(['part_start', 'size', 'blob_key'])
        .where('upload_id', '=', id)
        .orderBy('part_start')
        .execute();
    },

    /**
     * Records a part that starts where the upload's received bytes end. False when another
     * request got there first (the upload moved on, ended, or has a part at that start): the
     * caller's blob is then not part of the upload.
     */
    async addPart(id: string, part: TusPartRow, at: number): Promise<boolean> {
      try {
        return await db.transaction().execute(async (trx) => {
          const moved = await trx
            .updateTable('tus_uploads')
            .set({ received: part.part_start + part.size, updated_at: at })
            .where('id', '=', id)
            .where('received', '=', part.part_start)
            .where('status', '=', 'uploading')
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) return false;
          await trx
            .insertInto('tus_parts')
            .values({ upload_id: id, ...part })
            .execute();
          return true;
        });
      } catch {
        // A part at that start already exists: the concurrent request won.
        return false;
      }
    },

    /**
     * Takes the finishing of an upload whose last byte has arrived, under `claim`; with `takeOver`,
     * also one another process was finishing (it died, or its claim goes). False when there is
     * nothing to take: the upload is still receiving, has ended, or is gone.
     */
    async claimFinish(id: string, claim: string, at: number, { takeOver = false } = {}): Promise<boolean> {
      const taken = await db
        .updateTable('tus_uploads')
        .set({ status: 'processing', finish_claim: claim, updated_at: at })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('status', '=', 'uploading'),
              eb('size', 'is not', null),
              eb('received', '=', eb.ref('size')),
            ]),
            ...(takeOver ? [eb('status', '=', 'processing')] : []),
          ]),
        )
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },

    /** Uploads whose last byte arrived and that no live finisher may be on: after a restart, all of them. */
    async unfinished(): Promise<string[]> {
      const rows = await db
        .selectFrom('tus_uploads')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('status', '=', 'processing'),
            eb.and([
              eb('status', '=', 'uploading'),
              eb('size', 'is not', null),
              eb('received', '=', eb.ref('size')),
            ]),
          ]),
        )
        .execute();
      return rows.map((row) => row.id);
    },

    /** Records how the upload ended, if `claim` still holds it; false when another took it over. */
    async endClaimed(
      id: string,
      claim: string,
      status: 'done' | 'failed',
      ended: { fileId?: string; error?: string },
      at: number,
    ): Promise<boolean> {
      const done = await db
        .updateTable('tus_uploads')
        .set({
          status,
          file_id: ended.fileId ?? null,
          error: ended.error ?? null,
          updated_at: at,
          finish_claim: null,
        })
        .where('id', '=', id)
        .where('finish_claim', '=', claim)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },

    async deleteParts(id: string): Promise<void> {
      await db.deleteFrom('tus_parts').where('upload_id', '=', id).execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('tus_uploads').where('id', '=', id).execute();
    },

    /** Uploads still receiving that began before `createdBefore`, and ended ones untouched since `endedBefore`. */
    async stale(createdBefore: number, endedBefore: number): Promise<string[]> {
      const rows = await db
        .selectFrom('tus_uploads')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'uploading'), eb('created_at', '<', createdBefore)]),
            eb.and([eb('status', 'in', ['done', 'failed']), eb('updated_at', '<', endedBefore)]),
          ]),
        )
        .execute();
      return rows.map((row) => row.id);
    },

    /** Which of `keys` are parts of an upload (for the blob sweep). */
    async ownedPartKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .selectFrom('tus_parts')
        .select('blob_key')
        .where('blob_key', 'in', keys)
        .execute();
      return new Set(rows.map((row) => row.blob_key));
    },
  };
}

export type TusUploadRepository = ReturnType<typeof createTusUploadRepository>;
