import { setTimeout as delay } from 'node:timers/promises';
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
  /**
   * Wrong album and share passwords from one address, over all albums and shares, before it is
   * locked. An album or a share itself is never locked (its visitors would be locked out by
   * anyone): like an e-mail, its count only slows down the addresses that have failed before.
   */
  maxAlbumFailuresPerIp: 10,
  /** Accounts created from one address per window: each costs an argon2 hash and a row. */
  maxSignUpsPerIp: 20,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  /** How often a process removes the rows that no longer count. */
  pruneEveryMs: 60_000,
} as const;

/** The keys one password guess counts against: what is guessed at, the address, and the two together. */
export interface ThrottleKeys {
  /** The account (an e-mail, an album, a share) alone: counted, never locked. */
  email: string;
  ip: string;
  pair: string;
}

export const throttleKeys = (email: string, ip: string): ThrottleKeys => {
  const normalized = email.trim().toLowerCase();
  return { email: `email:${normalized}`, ip: `ip:${ip}`, pair: `pair:${ip} ${normalized}` };
};

/**
 * The same rule for an album's or a share's password: the album or share plays the e-mail's
 * part, and the address's count is one over all albums and shares, apart from sign-in's.
 */
export const passwordThrottleKeys = (kind: 'album' | 'share', id: string, ip: string): ThrottleKeys => ({
  email: `${kind}:${id}`,
  ip: `album-ip:${ip}`,
  pair: `pair:${ip} ${kind}:${id}`,
});

export type GuessOutcome =
  | { ok: true }
  | { ok: false; reason: 'wrong' }
  | { ok: false; reason: 'locked'; lockedUntil: number };

export const signUpThrottleKey = (ip: string) => `signup:${ip}`;

/** The delay an account's failure count earns an attempt from an address that has failed before. */
export function accountDelayMs(accountFailures: number): number {
  const over = accountFailures - LOGIN_THROTTLE.accountDelayAfter;
  if (over < 0) return 0;
  return Math.min(LOGIN_THROTTLE.firstAccountDelayMs * 2 ** over, LOGIN_THROTTLE.maxAccountDelayMs);
}

/**
 * Counts failed password guesses (sign-in, album and share passwords) per (account, address)
 * pair, per address and per account, and sign-ups per address. Pairs and addresses lock after
 * too many events in their window; an account's count only slows down the addresses that have
 * failed before, so the right password from an address without failures always gets through at
 * once, and no stranger can lock anyone else out.
 */
export function createLoginThrottle(
  repo: LoginThrottleRepository,
  clock: () => number,
  sleep: (ms: number) => Promise<void> = (ms) => delay(ms),
) {
  const limitFor = (key: string) => {
    if (key.startsWith('email:') || key.startsWith('album:') || key.startsWith('share:')) {
      return Number.POSITIVE_INFINITY;
    }
    if (key.startsWith('pair:')) return LOGIN_THROTTLE.maxFailuresPerPair;
    if (key.startsWith('signup:')) return LOGIN_THROTTLE.maxSignUpsPerIp;
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

    /**
     * One password guess under the rule: refused while its pair or address is locked, after the
     * account's delay for an address that failed before; a right one clears the pair's and the
     * account's counts, a wrong one adds to all three (and may lock the pair or the address).
     */
    async attempt(keys: ThrottleKeys, check: () => Promise<boolean>): Promise<GuessOutcome> {
      const { lockedUntil, delayMs } = await throttle.assess(keys);
      if (lockedUntil) return { ok: false, reason: 'locked', lockedUntil };
      if (delayMs > 0) await sleep(delayMs);
      if (await check()) {
        await throttle.clear([keys.pair, keys.email]);
        return { ok: true };
      }
      await throttle.recordFailure([keys.pair, keys.email, keys.ip]);
      const nowLocked = await throttle.lockedUntil([keys.pair, keys.ip]);
      return nowLocked
        ? { ok: false, reason: 'locked', lockedUntil: nowLocked }
        : { ok: false, reason: 'wrong' };
    },
  };
  return throttle;
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
