import { randomUUID } from 'node:crypto';
import { type DeviceList, isPlaceholderDeviceId } from '@nordlys/contract/account';
import type { SignedInCaller } from '../domain/caller';
import { notFound } from '../domain/errors';
import type { Repositories } from '../store/repositories';
import type { AccountService } from './account.service';

/**
 * Devices are what a user signs in on. Each has one token; the id the client chose
 * (`client_device_id`) is the id clients see, and signing in again on the same device replaces
 * its old record and token.
 */
export function createDeviceService(deps: {
  repos: Pick<Repositories, 'devices'>;
  accounts: Pick<AccountService, 'issueDeviceToken'>;
}) {
  const { repos, accounts } = deps;

  async function clientIdOf(session: SignedInCaller): Promise<string> {
    const row = await repos.devices.findById(session.deviceId);
    return row?.client_device_id ?? session.deviceId;
  }

  return {
    async register(
      userId: string,
      device: { deviceId?: string; name?: string },
    ): Promise<{ token: string; deviceId: string }> {
      const deviceId = isPlaceholderDeviceId(device.deviceId) ? randomUUID() : device.deviceId!.trim();
      await repos.devices.deleteByClientDeviceId(userId, deviceId);
      const name = device.name?.trim() || 'Web browser';
      const { token } = await accounts.issueDeviceToken(userId, { clientDeviceId: deviceId, name });
      return { token, deviceId };
    },

    async list(session: SignedInCaller): Promise<DeviceList> {
      const rows = await repos.devices.listByUser(session.userId);
      const seen = new Map<string, DeviceList['devices'][number]>();
      for (const row of rows) {
        const previous = seen.get(row.client_device_id);
        seen.set(row.client_device_id, {
          id: row.client_device_id,
          name: row.name,
          created_at: Math.min(row.created_at, previous?.created_at ?? row.created_at),
          last_seen_at: Math.max(row.last_seen_at, previous?.last_seen_at ?? 0),
        });
      }
      return { current: await clientIdOf(session), devices: [...seen.values()] };
    },

    /** Ends the device's session: its token stops working on the next request. */
    async remove(session: SignedInCaller, id: string): Promise<void> {
      const removed = await repos.devices.deleteByClientDeviceId(session.userId, id);
      if (removed === 0) throw notFound('No such device');
    },

    async logout(session: SignedInCaller): Promise<void> {
      await repos.devices.deleteById(session.deviceId);
    },
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
