import { randomUUID } from 'node:crypto';
import { GIB, NAME_MAX_LENGTH } from '@nordlys/contract/constants';
import { badRequest, conflict, notFound } from '../domain/errors';
import { hasLiveGrant, maxSpace } from '../domain/quota';
import { hashPassword, PASSWORD_MIN_LENGTH } from '../identity/password';
import { generateToken, hashToken } from '../identity/token';
import type { Repositories } from '../store/repositories';
import type { UserRow } from '../store/repositories/user.repository';

export type Clock = () => number;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface AccountServiceDeps {
  repos: Pick<Repositories, 'users' | 'devices' | 'grants'>;
  clock: Clock;
  defaultStorageGib: number;
}

export function createAccountService({ repos, clock, defaultStorageGib }: AccountServiceDeps) {
  async function requireUserByEmail(email: string): Promise<UserRow> {
    const user = await repos.users.findByEmail(email);
    if (!user) throw notFound(`No user with e-mail ${email}`);
    return user;
  }

  return {
    async createUser(input: { email: string; name: string; password?: string | null }): Promise<UserRow> {
      const email = input.email.trim();
      const name = input.name.trim();
      if (!EMAIL_PATTERN.test(email)) throw badRequest('email is not a valid e-mail address');
      if (!name) throw badRequest('name is required');
      if (name.length > NAME_MAX_LENGTH)
        throw badRequest(`name must be at most ${NAME_MAX_LENGTH} characters`);
      if (input.password != null && input.password.length < PASSWORD_MIN_LENGTH) {
        throw badRequest(`password must be at least ${PASSWORD_MIN_LENGTH} characters`);
      }
      if (await repos.users.findByEmail(email)) throw conflict('An account with this e-mail already exists');
      const now = clock();
      const user: UserRow = {
        id: randomUUID(),
        email,
        name,
        password_hash: input.password != null ? await hashPassword(input.password) : null,
        profile_picture_key: null,
        is_read_only: 0,
        is_disabled: 0,
        created_at: now,
        language: null,
      };
      await repos.users.insert(user);
      if (defaultStorageGib > 0) {
        await repos.grants.insert({
          id: randomUUID(),
          user_id: user.id,
          source: 'nordlys',
          size_bytes: defaultStorageGib * GIB,
          created_at: now,
          expires_at: null,
        });
      }
      return user;
    },

    /** Registers a device for the user and returns the only copy of its token in clear. */
    async issueDeviceToken(
      userId: string,
      device: { clientDeviceId?: string; name?: string } = {},
    ): Promise<{ token: string; deviceId: string }> {
      const token = generateToken();
      const now = clock();
      const deviceId = randomUUID();
      await repos.devices.insert({
        id: deviceId,
        user_id: userId,
        client_device_id: device.clientDeviceId || deviceId,
        name: (device.name || 'Unnamed device').slice(0, NAME_MAX_LENGTH),
        token_hash: hashToken(token),
        created_at: now,
        last_seen_at: now,
      });
      return { token, deviceId };
    },

    requireUserByEmail,

    async setDisabled(email: string, disabled: boolean): Promise<void> {
      const user = await requireUserByEmail(email);
      // Sessions are kept so that each device is told 'user_disabled' on its next call, not a bare 401.
      await repos.users.update(user.id, { is_disabled: disabled ? 1 : 0 });
    },

    async setReadOnly(email: string, readOnly: boolean): Promise<void> {
      const user = await requireUserByEmail(email);
      await repos.users.update(user.id, { is_read_only: readOnly ? 1 : 0 });
    },

    async grantStorage(email: string, gib: number, source = 'customer_service'): Promise<void> {
      if (!(gib > 0)) throw badRequest('gib must be a positive number');
      const user = await requireUserByEmail(email);
      await repos.grants.insert({
        id: randomUUID(),
        user_id: user.id,
        source,
        size_bytes: Math.round(gib * GIB),
        created_at: clock(),
        expires_at: null,
      });
    },

    async maxSpaceOf(userId: string): Promise<number> {
      return maxSpace(await repos.grants.storageGrantsOf(userId), clock());
    },

    /** max_space and whether any grant is live, from one read of the grants. */
    async storageOf(userId: string): Promise<{ maxSpace: number; hasLiveGrant: boolean }> {
      const grants = await repos.grants.storageGrantsOf(userId);
      const now = clock();
      return { maxSpace: maxSpace(grants, now), hasLiveGrant: hasLiveGrant(grants, now) };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
