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
