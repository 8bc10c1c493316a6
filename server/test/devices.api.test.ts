import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountService } from '../src/services/account.service';
import { createRepositories } from '../src/store/repositories';
import { basicAuth, createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';

describe.each(databaseKinds)('devices API on %s', (kind) => {
  let t: TestApp;
  let accounts: ReturnType<typeof createAccountService>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    accounts = createAccountService({
      repos: createRepositories(t.store),
      clock: Date.now,
      defaultStorageGib: 15,
    });
  });
  afterAll(() => t.close());

  async function userWithTwoDevices() {
    const user = await accounts.createUser({
      email: `dev-${Date.now()}-${Math.random()}@example.com`,
      name: 'D',
    });
    const laptop = await accounts.issueDeviceToken(user.id, { clientDeviceId: 'laptop-1', name: 'Laptop' });
    const phone = await accounts.issueDeviceToken(user.id, { clientDeviceId: 'phone-1', name: 'Phone' });
    return { user, laptop: basicAuth(laptop.token), phone: basicAuth(phone.token) };
  }

  it('lists the caller’s devices and says which one is calling', async () => {
    const { laptop, phone } = await userWithTwoDevices();
    const fromLaptop = await t.app.inject({
      url: '/st/4/devices?app_key=web',
      headers: { authorization: laptop },
    });
    expect(fromLaptop.statusCode).toBe(200);
    expect(fromLaptop.json()).toEqual({
      current: 'laptop-1',
      devices: [
        { id: 'laptop-1', name: 'Laptop', created_at: expect.any(Number), last_seen_at: expect.any(Number) },
        { id: 'phone-1', name: 'Phone', created_at: expect.any(Number), last_seen_at: expect.any(Number) },
      ],
    });
    const fromPhone = await t.app.inject({ url: '/st/4/devices', headers: { authorization: phone } });
    expect(fromPhone.json().current).toBe('phone-1');
  });

  it('never shows another user’s devices', async () => {
    const a = await userWithTwoDevices();
    const b = await userWithTwoDevices();
    const res = await t.app.inject({ url: '/st/4/devices', headers: { authorization: b.laptop } });
    expect(res.json().devices).toHaveLength(2);
    const aRows = await t.store.db
      .selectFrom('devices')
      .select('id')
      .where('user_id', '=', a.user.id)
      .execute();
    expect(aRows).toHaveLength(2);
  });

  it('removing a device revokes its token at once; the others keep working', async () => {
    const { laptop, phone } = await userWithTwoDevices();
    expect(
      (await t.app.inject({ url: '/st/4/account_info', headers: { authorization: phone } })).statusCode,
    ).toBe(200);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/st/4/devices/phone-1',
      headers: { authorization: laptop },
    });
    expect(res.statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: '/st/4/account_info', headers: { authorization: phone } })).statusCode,
    ).toBe(401);
    const list = await t.app.inject({ url: '/st/4/devices', headers: { authorization: laptop } });
    expect(list.json().devices.map((d: { id: string }) => d.id)).toEqual(['laptop-1']);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/st/4/devices/phone-1',
      headers: { authorization: laptop },
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for another user’s device and leaves it signed in', async () => {
    const a = await userWithTwoDevices();
    const b = await userWithTwoDevices();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/st/4/devices/phone-1',
      headers: { authorization: b.laptop },
    });
    expect(res.statusCode).toBe(204); // b's own phone-1
    const cross = await t.app.inject({
      method: 'DELETE',
      url: '/st/4/devices/laptop-1',
      headers: { authorization: b.phone },
    });
    expect(cross.statusCode).toBe(401); // b's phone was just removed
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/st/4/devices/no-such-device',
      headers: { authorization: b.laptop },
    });
    expect(unknown.statusCode).toBe(404);
    const [aLaptop] = await t.store.db
      .selectFrom('devices')
      .select('id')
      .where('user_id', '=', a.user.id)
      .where('client_device_id', '=', 'laptop-1')
      .execute();
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/st/4/devices/${aLaptop?.id}`,
      headers: { authorization: b.laptop },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/st/4/account_info', headers: { authorization: a.laptop } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: '/st/4/account_info', headers: { authorization: a.phone } })).statusCode,
    ).toBe(200);
  });

  it('a device can remove itself', async () => {
    const { laptop } = await userWithTwoDevices();
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/st/4/devices/laptop-1',
          headers: { authorization: laptop },
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ url: '/st/4/devices', headers: { authorization: laptop } })).statusCode,
    ).toBe(401);
  });

  it('answers 401 without a token and 400 for an overlong id', async () => {
    expect((await t.app.inject({ url: '/st/4/devices' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/st/4/devices/laptop-1' })).statusCode).toBe(401);
    const { laptop } = await userWithTwoDevices();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/st/4/devices/${'x'.repeat(200)}`,
      headers: { authorization: laptop },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^params\.id /);
  });
});
