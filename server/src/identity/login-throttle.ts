import type { LoginThrottleRepository } from '../store/repositories/login-throttle.repository';

export const LOGIN_THROTTLE = {
  /**
   * Wrong passwords for one e-mail from one address before that pair is locked. Per pair, not per
   * e-mail: a stranger guessing at someone's address locks only themselves out.
   */
  maxFailuresPerPair: 5,
  /** Wrong passwords from one address, whatever the e-mail, before it is locked (offices share one). */
  maxFailuresPerIp: 20,
  /**
   * Per e-mail alone nothing is refused: past this many wrong passwords in the window (from any
   * address) each further attempt from an address that has failed before is slowed down, by a
   * delay that doubles with every failure up to `maxAccountDelayMs`.
   */
  accountDelayAfter: 5,
  firstAccountDelayMs: 1_000,
  maxAccountDelayMs: 30_000,
  /** Wrong album passwords for one album before it is locked for visitors (members are not asked). */
  maxFailuresPerAlbum: 30,
  /** Wrong album passwords from one address, over all albums, before it is locked. */
  maxAlbumFailuresPerIp: 10,
  /** Accounts created from one address per window: each costs an argon2 hash and a row. */
  maxSignUpsPerIp: 20,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  /** How often a process removes the rows that no longer count. */
  pruneEveryMs: 60_000,
} as const;

export interface ThrottleKeys {
  /** The e-mail alone: counted, never locked. */
  email: string;
  ip: string;
  pair: string;
}

export const throttleKeys = (email: string, ip: string): ThrottleKeys => {
  const normalized = email.trim().toLowerCase();
  return { email: `email:${normalized}`, ip: `ip:${ip}`, pair: `pair:${ip} ${normalized}` };
};

export const albumThrottleKeys = (albumId: string, ip: string) => [`album:${albumId}`, `album-ip:${ip}`];

export const signUpThrottleKey = (ip: string) => `signup:${ip}`;

/** The delay an account's failure count earns an attempt from an address that has failed before. */
export function accountDelayMs(accountFailures: number): number {
  const over = accountFailures - LOGIN_THROTTLE.accountDelayAfter;
  if (over < 0) return 0;
  return Math.min(LOGIN_THROTTLE.firstAccountDelayMs * 2 ** over, LOGIN_THROTTLE.maxAccountDelayMs);
}

/**
 * Counts failed password guesses per (e-mail, address) pair, per address and per e-mail, album
 * password guesses per album and per address, and sign-ups per address. Pairs, addresses and
 * albums lock after too many events in their window; an e-mail's count only slows down the
 * addresses that have failed before, so the right password from an address without failures
 * always gets through at once.
 */
export function createLoginThrottle(repo: LoginThrottleRepository, clock: () => number) {
  const limitFor = (key: string) => {
    if (key.startsWith('email:')) return Number.POSITIVE_INFINITY;
    if (key.startsWith('pair:')) return LOGIN_THROTTLE.maxFailuresPerPair;
    if (key.startsWith('signup:')) return LOGIN_THROTTLE.maxSignUpsPerIp;
    if (key.startsWith('album:')) return LOGIN_THROTTLE.maxFailuresPerAlbum;
    if (key.startsWith('album-ip:')) return LOGIN_THROTTLE.maxAlbumFailuresPerIp;
    return LOGIN_THROTTLE.maxFailuresPerIp;
  };

  /** Failures counted in the current window, 0 once it is over. */
  const failuresOf = async (key: string, now: number) => {
    const row = await repo.find(key);
    return row && now - row.window_started_at <= LOGIN_THROTTLE.windowMs ? row.failures : 0;
  };

  let prunedAt = Number.NEGATIVE_INFINITY;

  const throttle = {
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

    /**
     * What a password attempt for `keys` meets: a lock (of its pair or its address), or a delay
     * to wait before the password is checked (0 for an address with no failures).
     */
    async assess(keys: ThrottleKeys): Promise<{ lockedUntil: number | null; delayMs: number }> {
      const lockedUntil = await throttle.lockedUntil([keys.pair, keys.ip]);
      if (lockedUntil) return { lockedUntil, delayMs: 0 };
      const now = clock();
      if ((await failuresOf(keys.ip, now)) === 0) return { lockedUntil: null, delayMs: 0 };
      return { lockedUntil: null, delayMs: accountDelayMs(await failuresOf(keys.email, now)) };
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

    async clear(keys: string[]): Promise<void> {
      for (const key of keys) await repo.clear(key);
    },
  };
  return throttle;
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
