import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, makeTempDir, type TestDatabase } from '../../test/test-database';
import { openStore, type Store } from '../store/database';
import { createLoginThrottleRepository } from '../store/repositories/login-throttle.repository';
import {
  accountDelayMs,
  createLoginThrottle,
  LOGIN_THROTTLE,
  passwordThrottleKeys,
  signUpThrottleKey,
  throttleKeys,
} from './login-throttle';

describe.each(databaseKinds)('login throttle on %s', (kind) => {
  let database: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    database = await createTestDatabase(kind, makeTempDir());
    store = await openStore(database.config);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('locks after the limit, for the lock time, and counts afresh after the window', async () => {
    let now = 1_000_000;
    const throttle = createLoginThrottle(createLoginThrottleRepository(store.db), () => now);
    const keys = throttleKeys('Someone@Example.com', '10.0.0.1');
    expect(keys.email).toBe('email:someone@example.com');
    expect(keys.pair).toBe('pair:10.0.0.1 someone@example.com');
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerPair - 1; i += 1) {
      await throttle.recordFailure([keys.pair]);
      expect(await throttle.lockedUntil([keys.pair])).toBeNull();
    }
    await throttle.recordFailure([keys.pair]);
    expect(await throttle.lockedUntil([keys.pair])).toBe(now + LOGIN_THROTTLE.lockMs);
    now += LOGIN_THROTTLE.lockMs - 1;
    expect(await throttle.lockedUntil([keys.pair])).not.toBeNull();
    now += 2;
    expect(await throttle.lockedUntil([keys.pair])).toBeNull();

    // Past the window the count starts again rather than locking at the next miss.
    await throttle.recordFailure([keys.pair]);
    expect(await throttle.lockedUntil([keys.pair])).toBeNull();
  });

  it('forgets keys whose window and lock are over, and keeps a lock that outlives its window', async () => {
    let now = 9_000_000;
    const repo = createLoginThrottleRepository(store.db);
    const throttle = createLoginThrottle(repo, () => now);
    const passing = throttleKeys('passing@example.com', '10.0.1.1').pair;
    const locked = throttleKeys('locked@example.com', '10.0.1.2').pair;
    await throttle.recordFailure([passing]);
    await throttle.recordFailure([locked]);
    // The lock comes late in the window, so it ends after the window does.
    now += LOGIN_THROTTLE.windowMs / 2;
    for (let i = 1; i < LOGIN_THROTTLE.maxFailuresPerPair; i += 1) await throttle.recordFailure([locked]);
    const lockEnds = (await throttle.lockedUntil([locked])) as number;
    expect(lockEnds).toBe(now + LOGIN_THROTTLE.lockMs);

    now = 9_000_000 + LOGIN_THROTTLE.windowMs + 1;
    await throttle.recordFailure([throttleKeys('other@example.com', '10.0.1.3').email]);
    expect(await repo.find(passing)).toBeUndefined();
    expect(await repo.find(locked)).toBeDefined();
    expect(await throttle.lockedUntil([locked])).toBe(lockEnds);

    now = lockEnds;
    await throttle.recordFailure([throttleKeys('other@example.com', '10.0.1.3').email]);
    expect(await repo.find(locked)).toBeUndefined();
  });

  it('allows more misses per address than per pair, and a success clears the pair count', async () => {
    const now = 5_000_000;
    const throttle = createLoginThrottle(createLoginThrottleRepository(store.db), () => now);
    const ip = throttleKeys('x@example.com', '10.0.0.2').ip;
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerIp - 1; i += 1) await throttle.recordFailure([ip]);
    expect(await throttle.lockedUntil([ip])).toBeNull();
    await throttle.recordFailure([ip]);
    expect(await throttle.lockedUntil([ip])).not.toBeNull();

    const pair = throttleKeys('y@example.com', '10.0.0.3').pair;
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerPair - 1; i += 1) await throttle.recordFailure([pair]);
    await throttle.clear([pair]);
    await throttle.recordFailure([pair]);
    expect(await throttle.lockedUntil([pair])).toBeNull();
  });

  it('never locks an e-mail: it slows down addresses that failed before, never a clean one', async () => {
    let now = 7_000_000;
    const throttle = createLoginThrottle(createLoginThrottleRepository(store.db), () => now);
    const attacker = (n: number) => throttleKeys('victim@example.com', `10.0.2.${n}`);
    const owner = throttleKeys('victim@example.com', '10.0.3.1');
    // Many addresses, each short of its pair lock: the e-mail's count grows past every limit.
    for (let n = 1; n <= 10; n += 1) {
      const keys = attacker(n);
      for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerPair - 1; i += 1) {
        await throttle.recordFailure([keys.pair, keys.email, keys.ip]);
      }
    }
    const failures = 10 * (LOGIN_THROTTLE.maxFailuresPerPair - 1);
    expect(await throttle.assess(owner)).toEqual({ lockedUntil: null, delayMs: 0 });
    expect(await throttle.assess(attacker(1))).toEqual({
      lockedUntil: null,
      delayMs: accountDelayMs(failures),
    });
    expect(accountDelayMs(failures)).toBe(LOGIN_THROTTLE.maxAccountDelayMs);
    // The pair that reaches its limit is locked; the owner's address is not.
    await throttle.recordFailure([attacker(1).pair, attacker(1).email, attacker(1).ip]);
    expect((await throttle.assess(attacker(1))).lockedUntil).toBe(now + LOGIN_THROTTLE.lockMs);
    expect(await throttle.assess(owner)).toEqual({ lockedUntil: null, delayMs: 0 });
    // Once the window is over, the e-mail's count no longer slows anyone down.
    now += LOGIN_THROTTLE.lockMs + 1;
    expect(await throttle.assess(attacker(2))).toEqual({ lockedUntil: null, delayMs: 0 });
  });

  it('runs a guess under the rule: delays an address that failed before, locks its pair, clears on success', async () => {
    const now = 11_000_000;
    const waits: number[] = [];
    const throttle = createLoginThrottle(
      createLoginThrottleRepository(store.db),
      () => now,
      async (ms) => {
        waits.push(ms);
      },
    );
    const spread = (n: number) => passwordThrottleKeys('album', 'a1', `10.0.4.${n}`);
    const wrong = async () => false;
    // The album's count passes the delay threshold over addresses that each fail once.
    for (let n = 1; n <= LOGIN_THROTTLE.accountDelayAfter + 1; n += 1) {
      expect(await throttle.attempt(spread(n), wrong)).toEqual({ ok: false, reason: 'wrong' });
    }
    expect(waits).toEqual([]);
    // An address that failed before waits; a clean one does not, and the right password gets in.
    await throttle.attempt(spread(1), wrong);
    expect(waits).toEqual([accountDelayMs(LOGIN_THROTTLE.accountDelayAfter + 1)]);
    expect(await throttle.attempt(spread(99), async () => true)).toEqual({ ok: true });
    expect(waits).toHaveLength(1);
    // Success cleared the album's count: nobody is slowed down any more.
    expect((await throttle.assess(spread(1))).delayMs).toBe(0);
    // One address's pair locks at its limit, reported by the guess that reaches it.
    const pair = passwordThrottleKeys('share', 's1', '10.0.5.1');
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerPair - 1; i += 1) {
      expect((await throttle.attempt(pair, wrong)).ok).toBe(false);
    }
    expect(await throttle.attempt(pair, wrong)).toEqual({
      ok: false,
      reason: 'locked',
      lockedUntil: now + LOGIN_THROTTLE.lockMs,
    });
    expect(await throttle.attempt(pair, async () => true)).toMatchObject({ ok: false, reason: 'locked' });
    expect(await throttle.attempt(passwordThrottleKeys('share', 's1', '10.0.5.2'), async () => true)).toEqual(
      {
        ok: true,
      },
    );
  });

  it('grows the delay from the first one to the ceiling', () => {
    const after = LOGIN_THROTTLE.accountDelayAfter;
    expect(accountDelayMs(after - 1)).toBe(0);
    expect(accountDelayMs(after)).toBe(LOGIN_THROTTLE.firstAccountDelayMs);
    expect(accountDelayMs(after + 1)).toBe(2 * LOGIN_THROTTLE.firstAccountDelayMs);
    expect(accountDelayMs(after + 3)).toBe(8 * LOGIN_THROTTLE.firstAccountDelayMs);
    expect(accountDelayMs(after + 100)).toBe(LOGIN_THROTTLE.maxAccountDelayMs);
  });

  it('limits sign-ups from one address and lets them through again after the lock', async () => {
    let now = 5_000_000;
    const throttle = createLoginThrottle(createLoginThrottleRepository(store.db), () => now);
    const key = signUpThrottleKey('10.0.0.9');
    for (let i = 0; i < LOGIN_THROTTLE.maxSignUpsPerIp - 1; i += 1) await throttle.recordFailure([key]);
    expect(await throttle.lockedUntil([key])).toBeNull();
    await throttle.recordFailure([key]);
    expect(await throttle.lockedUntil([key])).toBe(now + LOGIN_THROTTLE.lockMs);
    expect(await throttle.lockedUntil([signUpThrottleKey('10.0.0.10')])).toBeNull();
    now += LOGIN_THROTTLE.lockMs + 1;
    expect(await throttle.lockedUntil([key])).toBeNull();
  });
});
