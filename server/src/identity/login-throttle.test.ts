import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, makeTempDir, type TestDatabase } from '../../test/test-database';
import { openStore, type Store } from '../store/database';
import { createLoginThrottleRepository } from '../store/repositories/login-throttle.repository';
import { createLoginThrottle, LOGIN_THROTTLE, signUpThrottleKey, throttleKeys } from './login-throttle';

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
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerEmail - 1; i += 1) {
      await throttle.recordFailure([keys.email]);
      expect(await throttle.lockedUntil([keys.email])).toBeNull();
    }
    await throttle.recordFailure([keys.email]);
    expect(await throttle.lockedUntil([keys.email])).toBe(now + LOGIN_THROTTLE.lockMs);
    now += LOGIN_THROTTLE.lockMs - 1;
    expect(await throttle.lockedUntil([keys.email])).not.toBeNull();
    now += 2;
    expect(await throttle.lockedUntil([keys.email])).toBeNull();

    // Past the window the count starts again rather than locking at the next miss.
    await throttle.recordFailure([keys.email]);
    expect(await throttle.lockedUntil([keys.email])).toBeNull();
  });

  it('forgets keys whose window and lock are over, and keeps a lock that outlives its window', async () => {
    let now = 9_000_000;
    const repo = createLoginThrottleRepository(store.db);
    const throttle = createLoginThrottle(repo, () => now);
    const passing = throttleKeys('passing@example.com', '10.0.1.1').email;
    const locked = throttleKeys('locked@example.com', '10.0.1.2').email;
    await throttle.recordFailure([passing]);
    await throttle.recordFailure([locked]);
    // The lock comes late in the window, so it ends after the window does.
    now += LOGIN_THROTTLE.windowMs / 2;
    for (let i = 1; i < LOGIN_THROTTLE.maxFailuresPerEmail; i += 1) await throttle.recordFailure([locked]);
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

  it('allows more misses per address than per e-mail, and a success clears the e-mail count', async () => {
    const now = 5_000_000;
    const throttle = createLoginThrottle(createLoginThrottleRepository(store.db), () => now);
    const ip = throttleKeys('x@example.com', '10.0.0.2').ip;
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerIp - 1; i += 1) await throttle.recordFailure([ip]);
    expect(await throttle.lockedUntil([ip])).toBeNull();
    await throttle.recordFailure([ip]);
    expect(await throttle.lockedUntil([ip])).not.toBeNull();

    const email = throttleKeys('y@example.com', '10.0.0.3').email;
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerEmail - 1; i += 1) await throttle.recordFailure([email]);
    await throttle.clear(email);
    await throttle.recordFailure([email]);
    expect(await throttle.lockedUntil([email])).toBeNull();
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
