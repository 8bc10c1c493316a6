import type { LoginThrottleRepository } from '../store/repositories/login-throttle.repository';

export const LOGIN_THROTTLE = {
  /** Wrong passwords for one e-mail address before it is locked. */
  maxFailuresPerEmail: 5,
  /** Wrong passwords from one address before it is locked (higher: offices and homes share one). */
  maxFailuresPerIp: 20,
  /** Accounts created from one address per window: each costs an argon2 hash and a row. */
  maxSignUpsPerIp: 20,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  /** How often a process removes the rows that no longer count. */
  pruneEveryMs: 60_000,
} as const;

export const throttleKeys = (email: string, ip: string) => ({
  email: `email:${email.trim().toLowerCase()}`,
  ip: `ip:${ip}`,
});

export const signUpThrottleKey = (ip: string) => `signup:${ip}`;

/**
 * Counts failed password guesses per e-mail and per client address, and sign-ups per address, and
 * locks a key after too many events in its window.
 */
export function createLoginThrottle(repo: LoginThrottleRepository, clock: () => number) {
  const limitFor = (key: string) => {
    if (key.startsWith('email:')) return LOGIN_THROTTLE.maxFailuresPerEmail;
    if (key.startsWith('signup:')) return LOGIN_THROTTLE.maxSignUpsPerIp;
    return LOGIN_THROTTLE.maxFailuresPerIp;
  };

  let prunedAt = Number.NEGATIVE_INFINITY;

  return {
    /** When the latest lock among `keys` ends, or null if none is locked now. */
    async lockedUntil(keys: string[]): Promise<number | null> {
      const now = clock();
      let until: number | null = null;
      for (const key of keys) {
        const row = await repo.find(key);
        if (row?.locked_until && row.locked_until > now) until = Math.max(until ?? 0, row.locked_until);
      }
      return until;
    },

    async recordFailure(keys: string[]): Promise<void> {
      const now = clock();
      // Guesses spread over many addresses or e-mails would otherwise leave a row each, forever:
      // rows whose window and lock are over count for nothing (a new failure starts afresh).
      // At most once a minute, so a burst of guesses does not scan the table at each one.
      if (now - prunedAt >= LOGIN_THROTTLE.pruneEveryMs) {
        prunedAt = now;
        await repo.deleteStale(now - LOGIN_THROTTLE.windowMs, now);
      }
      for (const key of keys) {
        const row = await repo.find(key);
        const fresh = !row || now - row.window_started_at > LOGIN_THROTTLE.windowMs;
        const failures = fresh ? 1 : row.failures + 1;
        await repo.save({
          key,
          failures,
          window_started_at: fresh ? now : row.window_started_at,
          locked_until: failures >= limitFor(key) ? now + LOGIN_THROTTLE.lockMs : (row?.locked_until ?? null),
        });
      }
    },

    async clear(key: string): Promise<void> {
      await repo.clear(key);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
