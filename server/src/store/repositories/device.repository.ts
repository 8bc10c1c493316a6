import type { Database } from '../database';
import type { DevicesTable } from '../schema';

export type DeviceRow = DevicesTable;

export function createDeviceRepository(db: Database) {
  return {
    async insert(device: DeviceRow): Promise<void> {
      await db.insertInto('devices').values(device).execute();
    },

    /** The device and its user behind a token hash, in one query: this runs on every request. */
    /** The session behind a token; `has_live_grant` says whether any storage grant is unexpired at `now`. */
    findSessionByTokenHash(tokenHash: string, now: number) {
      return db
        .selectFrom('devices')
        .innerJoin('users', 'users.id', 'devices.user_id')
        .select((eb) => [
          eb
            .exists(
              eb
                .selectFrom('grants')
                .select('grants.id')
                .whereRef('grants.user_id', '=', 'users.id')
                .where((w) => w.or([w('grants.expires_at', 'is', null), w('grants.expires_at', '>', now)])),
            )
            .as('has_live_grant'),
          'devices.id as device_id',
          'devices.client_device_id',
          'devices.name as device_name',
          'devices.last_seen_at',
          'users.id as user_id',
          'users.email',
          'users.name',
          'users.is_read_only',
          'users.is_disabled',
        ])
        .where('devices.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    listByUser(userId: string): Promise<DeviceRow[]> {
      return db
        .selectFrom('devices')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .execute();
    },

    async touch(deviceId: string, at: number): Promise<void> {
      await db.updateTable('devices').set({ last_seen_at: at }).where('id', '=', deviceId).execute();
    },

    async deleteForUser(userId: string, deviceId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('devices')
        .where('id', '=', deviceId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    findById(deviceId: string): Promise<DeviceRow | undefined> {
      return db.selectFrom('devices').selectAll().where('id', '=', deviceId).executeTakeFirst();
    },

    /** Every row of one client device: a re-sign-in replaces the old record, and removal ends all. */
    async deleteByClientDeviceId(userId: string, clientDeviceId: string): Promise<number> {
      const result = await db
        .deleteFrom('devices')
        .where('user_id', '=', userId)
        .where('client_device_id', '=', clientDeviceId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteById(deviceId: string): Promise<void> {
      await db.deleteFrom('devices').where('id', '=', deviceId).execute();
    },

    async deleteAllForUser(userId: string): Promise<void> {
      await db.deleteFrom('devices').where('user_id', '=', userId).execute();
    },
  };
}

export type DeviceRepository = ReturnType<typeof createDeviceRepository>;
