import { SHARE_PASSWORD_HEADER } from '@nordlys/contract/share';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginThrottle, LOGIN_THROTTLE, passwordThrottleKeys } from '../src/identity/login-throttle';
import { createLoginThrottleRepository } from '../src/store/repositories/login-throttle.repository';
import { albumApi } from './album-test-helpers';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { type Auth, uploadAt } from './timeline-test-helpers';

/**
 * Album and share passwords are guessed under sign-in's rule (identity/login-throttle.ts): a lock
 * per (album or share, address) pair and per address, and per album or share only a growing
 * delay for the addresses that have failed before. So no one can lock its visitors out.
 */
describe.each(databaseKinds)('album and share password guessing on %s', (kind) => {
  let t: TestApp;
  let owner: Auth;
  let albums: ReturnType<typeof albumApi>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await t.signUp({ name: 'Owner' });
    albums = albumApi(t);
  });
  afterAll(() => t.close());

  /** What the server's throttle rows say an address meets now (the same table the server counts in). */
  const assess = (kind: 'album' | 'share', id: string, ip: string) =>
    createLoginThrottle(createLoginThrottleRepository(t.store.db), Date.now).assess(
      passwordThrottleKeys(kind, id, ip),
    );

  async function shareWithPassword(password: string): Promise<string> {
    const file = await uploadAt(t, owner, 'guarded.jpg', 1_700_000_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/st/4/shares',
      headers: { authorization: owner.auth },
      payload: { file_ids: [file.fileID], password },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  }

  const readShare = (id: string, password: string, ip: string) =>
    t.app.inject({
      url: `/st/4/shares/${id}`,
      remoteAddress: ip,
      headers: { [SHARE_PASSWORD_HEADER.toLowerCase()]: encodeURIComponent(password) },
    });
  const readAlbum = (id: string, password: string, ip: string) =>
    albums.call('GET', `/st/4/jobs/${id}/info`, { who: null, password, ip });

  const cases = [
    {
      name: 'album',
      make: async (password: string) => (await albums.create(owner, { public: 1, password })).id,
      read: readAlbum,
    },
    { name: 'share', make: shareWithPassword, read: readShare },
  ] as const;

  for (const { name, make, read } of cases) {
    it(`locks a guessing address out of a ${name}, not a visitor from another address`, async () => {
      const id = await make('the right one');
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerPair + 2; i += 1) {
        statuses.push((await read(id, `guess ${i}`, '203.0.113.5')).statusCode);
      }
      const before = LOGIN_THROTTLE.maxFailuresPerPair - 1;
      expect(statuses).toEqual([...Array(before).fill(403), 429, 429, 429]);
      expect((await read(id, 'the right one', '203.0.113.5')).statusCode).toBe(429);
      expect((await read(id, 'the right one', '198.51.100.7')).statusCode).toBe(200);
    });

    it(`never locks a ${name} itself: guesses from many addresses only slow those addresses down`, async () => {
      const id = await make('the right one');
      const guesses = LOGIN_THROTTLE.maxFailuresPerPair + 1;
      // More than one pair may miss, from addresses of their own (failed nowhere else, so none waits).
      const net = name === 'album' ? '203.0.114' : '203.0.116';
      for (let i = 0; i < guesses; i += 1) {
        expect((await read(id, `spread ${i}`, `${net}.${i}`)).statusCode).toBe(403);
      }
      const kindOf = name === 'album' ? 'album' : 'share';
      // An address that has failed before waits the account's growing delay; a clean one none.
      const slowed = await assess(kindOf, id, `${net}.0`);
      expect(slowed.lockedUntil).toBeNull();
      expect(slowed.delayMs).toBeGreaterThan(0);
      expect(await assess(kindOf, id, '198.51.100.8')).toEqual({ lockedUntil: null, delayMs: 0 });
      expect((await read(id, 'the right one', '198.51.100.8')).statusCode).toBe(200);
    });
  }

  it('locks an address that guesses over many albums and shares, and only that address', async () => {
    const ids = await Promise.all(
      Array.from({ length: LOGIN_THROTTLE.maxAlbumFailuresPerIp }, (_, i) =>
        i % 2 === 0 ? cases[0].make('the right one') : cases[1].make('the right one'),
      ),
    );
    for (const [i, id] of ids.entries()) {
      const read = i % 2 === 0 ? readAlbum : readShare;
      await read(id, 'one wrong guess', '203.0.115.1');
    }
    const fresh = await cases[0].make('the right one');
    expect((await readAlbum(fresh, 'the right one', '203.0.115.1')).statusCode).toBe(429);
    expect((await readAlbum(fresh, 'the right one', '203.0.115.2')).statusCode).toBe(200);
  });
});
