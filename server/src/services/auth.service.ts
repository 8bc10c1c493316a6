import type { SignedInCaller } from '../domain/caller';
import { unauthenticated } from '../domain/errors';
import { isReadOnly } from '../domain/quota';
import { hashToken } from '../identity/token';
import type { Repositories } from '../store/repositories';
import type { Clock } from './account.service';

// Writing last_seen on every call would turn reads into writes; once a minute is plenty.
const TOUCH_INTERVAL_MS = 60_000;

/** Reads the token from HTTP basic auth: the user name is ignored, the password is the token. */
export function tokenFromAuthorization(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, encoded] = header.split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const token = colon >= 0 ? decoded.slice(colon + 1) : '';
  return token.length > 0 ? token : null;
}

export function createAuthService({ repos, clock }: { repos: Pick<Repositories, 'devices'>; clock: Clock }) {
  return {
    /** The device's user; what they show for albums is added by the route that reads it. */
    async authenticate(token: string): Promise<SignedInCaller> {
      const now = clock();
      const row = await repos.devices.findSessionByTokenHash(hashToken(token), now);
      if (!row) throw unauthenticated();
      if (row.is_disabled) throw unauthenticated('user_disabled');
      if (now - row.last_seen_at > TOUCH_INTERVAL_MS) await repos.devices.touch(row.device_id, now);
      return {
        userId: row.user_id,
        email: row.email,
        name: row.name,
        deviceId: row.device_id,
        isReadOnly: isReadOnly(row.is_read_only === 1, Boolean(row.has_live_grant)),
        password: null,
        guestToken: null,
        address: null,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
