import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountService } from '../src/services/account.service';
import { createRepositories } from '../src/store/repositories';
import { fixture } from './media-test-content';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';

function multipart(field: string, filename: string, bytes: Buffer, type = 'application/octet-stream') {
  const boundary = `----nordlys${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(databaseKinds)('account API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  describe('GET /account_info', () => {
    it('answers 401 without a token', async () => {
      const res = await t.app.inject({ url: '/st/4/account_info' });
      expect(res.statusCode).toBe(401);
    });

    it('carries every field of account.md §3 for a new account', async () => {
      const { auth, userId } = await t.signUp({ name: 'Ola', email: `ola-${Date.now()}@example.com` });
      const res = await t.app.inject({
        url: '/st/4/account_info?app_key=web&client_v=1.2.3300.3',
        headers: { authorization: auth },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        uuid: userId,
        name: 'Ola',
        logged_in_as: expect.stringMatching(/^ola-\d+@example\.com$/),
        profile_picture_url: null,
        used_space: 0,
        max_space: 15 * 1024 ** 3,
        has_files_not_media: false,
        tos_to_approve: null,
        is_read_only_user: false,
        isBeingShutDown: false,
        sunset_delete_date: null,
        number_of_subscribed_albums: 0,
        permitted_services: { analytics: false },
        file_type_counters: { picture_count: 0, screenshot_count: 0, video_count: 0, document_count: 0 },
      });
      expect(res.json()).not.toHaveProperty('auth_token');
    });

    it('takes the app language and remembers it for the user; an unknown one answers 400', async () => {
      const { auth, userId } = await t.signUp();
      const languageOf = async () =>
        (await t.store.db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst())
          ?.language;
      const info = (query: string) =>
        t.app.inject({ url: `/st/4/account_info${query}`, headers: { authorization: auth } });
      expect((await info('')).statusCode).toBe(200);
      expect(await languageOf()).toBeNull();
      const swedish = await info('?app_key=web&language=sv_SE');
      expect(swedish.statusCode, swedish.body).toBe(200);
      expect(swedish.json().uuid).toBe(userId);
      expect(await languageOf()).toBe('sv_SE');
      expect((await info('?language=nb_NO')).statusCode).toBe(200);
      expect(await languageOf()).toBe('nb_NO');
      for (const bad of ['de_DE', 'nb-NO', '']) {
        const res = await info(`?language=${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().error).toMatch(/querystring\.language/);
      }
      expect(await languageOf()).toBe('nb_NO');
    });

    it('reports usage and counters from the usage totals, and documents as files that are not media', async () => {
      const { auth, userId } = await t.signUp();
      await t.store.db
        .insertInto('user_usage')
        .values({
          user_id: userId,
          used_space: 12345,
          picture_count: 3,
          video_count: 1,
          screenshot_count: 2,
          document_count: 1,
        })
        .execute();
      const res = await t.app.inject({ url: '/st/4/account_info', headers: { authorization: auth } });
      expect(res.json()).toMatchObject({
        used_space: 12345,
        has_files_not_media: true,
        file_type_counters: { picture_count: 3, screenshot_count: 2, video_count: 1, document_count: 1 },
      });
    });

    it('follows the read-only and storage flags set by the admin tools', async () => {
      const email = `flags-${Date.now()}@example.com`;
      const { auth } = await t.signUp({ email });
      const accounts = createAccountService({
        repos: createRepositories(t.store),
        clock: Date.now,
        defaultStorageGib: 15,
      });
      await accounts.setReadOnly(email, true);
      await accounts.grantStorage(email, 100);
      const res = await t.app.inject({ url: '/st/4/account_info', headers: { authorization: auth } });
      expect(res.json()).toMatchObject({ is_read_only_user: true, max_space: 115 * 1024 ** 3 });
    });

    it('answers 401 user_disabled once the account is disabled', async () => {
      const email = `disabled-${Date.now()}@example.com`;
      const { auth } = await t.signUp({ email });
      const accounts = createAccountService({
        repos: createRepositories(t.store),
        clock: Date.now,
        defaultStorageGib: 15,
      });
      await accounts.setDisabled(email, true);
      for (const url of ['/st/4/account_info', '/st/4/devices', '/st/4/options/x']) {
        const res = await t.app.inject({ url, headers: { authorization: auth } });
        expect(res.statusCode, url).toBe(401);
        expect(res.json(), url).toEqual({ error: 'user_disabled' });
      }
    });
  });

  describe('POST /name', () => {
    it('trims and saves the name and answers the account info', async () => {
      const { auth } = await t.signUp({ name: 'Before' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/st/4/name',
        headers: { authorization: auth },
        payload: { name: '  Åse Ørn  ' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().name).toBe('Åse Ørn');
      const again = await t.app.inject({ url: '/st/4/account_info', headers: { authorization: auth } });
      expect(again.json().name).toBe('Åse Ørn');
    });

    it('rejects a name over 255 characters, an empty name and a missing one with 400 naming the field', async () => {
      const { auth } = await t.signUp({ name: 'Unchanged' });
      for (const payload of [{ name: 'x'.repeat(256) }, { name: '   ' }, {}]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/st/4/name',
          headers: { authorization: auth },
          payload,
        });
        expect(res.statusCode, JSON.stringify(payload).slice(0, 30)).toBe(400);
        expect(res.json().error).toMatch(/^body\.name /);
      }
      const info = await t.app.inject({ url: '/st/4/account_info', headers: { authorization: auth } });
      expect(info.json().name).toBe('Unchanged');
    });

    it('answers 401 without a token', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/st/4/name', payload: { name: 'x' } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('POST /logout', () => {
    it('revokes this device only', async () => {
      const accounts = createAccountService({
        repos: createRepositories(t.store),
        clock: Date.now,
        defaultStorageGib: 15,
      });
      const { auth, userId } = await t.signUp();
      const other = await accounts.issueDeviceToken(userId, { name: 'Phone' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/st/4/logout',
        headers: { authorization: auth },
      });
      expect(res.statusCode).toBe(204);
      expect(
        (await t.app.inject({ url: '/st/4/account_info', headers: { authorization: auth } })).statusCode,
      ).toBe(401);
      const phone = `Basic ${Buffer.from(`x:${other.token}`).toString('base64')}`;
      expect(
        (await t.app.inject({ url: '/st/4/account_info', headers: { authorization: phone } })).statusCode,
      ).toBe(200);
    });

    it('answers 401 without a token', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/st/4/logout' })).statusCode).toBe(401);
    });
  });

  describe('profile picture', () => {
    it('stores a re-encoded 512x512 JPEG served at an unguessable URL without auth', async () => {
      const { auth, userId } = await t.signUp();
      const upload = multipart('file', 'me.jpg', fixture('photo-exif.jpg'), 'image/jpeg');
      const res = await t.app.inject({
        method: 'POST',
        url: '/st/4/profile_picture',
        headers: { ...upload.headers, authorization: auth },
        payload: upload.payload,
      });
      expect(res.statusCode).toBe(201);
      const url = new URL(res.json().profile_picture_url);
      expect(url.pathname).toMatch(new RegExp(`^/st/4/profile_picture/${userId}/[A-Za-z0-9_-]{22}\\.jpg$`));

      const picture = await t.app.inject({ url: url.pathname });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/jpeg');
      expect(picture.headers['cache-control']).toContain('immutable');
      const sharp = (await import('sharp')).default;
      const meta = await sharp(picture.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 512, 512, undefined]);

      const info = await t.app.inject({ url: '/st/4/account_info', headers: { authorization: auth } });
      expect(info.json().profile_picture_url).toBe(res.json().profile_picture_url);

      // Another version, another user's path, or a malformed name: nothing.
      for (const path of [
        `/st/4/profile_picture/${userId}/AAAAAAAAAAAAAAAAAAAAAA.jpg`,
        url.pathname.replace(userId, '00000000-0000-4000-8000-000000000000'),
        `/st/4/profile_picture/${userId}/..%2f..%2fsecret.jpg`,
      ]) {
        expect((await t.app.inject({ url: path })).statusCode, path).toBeGreaterThanOrEqual(400);
      }
      expect(
        (await t.app.inject({ url: `/st/4/profile_picture/${userId}/AAAAAAAAAAAAAAAAAAAAAA.jpg` }))
          .statusCode,
      ).toBe(404);

      // A new picture retires the old URL.
      const second = multipart('file', 'me.png', fixture('screenshot_20240315_101500.png'), 'image/png');
      const res2 = await t.app.inject({
        method: 'POST',
        url: '/st/4/profile_picture',
        headers: { ...second.headers, authorization: auth },
        payload: second.payload,
      });
      expect(res2.statusCode).toBe(201);
      expect((await t.app.inject({ url: url.pathname })).statusCode).toBe(404);
      expect(
        (await t.app.inject({ url: new URL(res2.json().profile_picture_url).pathname })).statusCode,
      ).toBe(200);
    });

    it('rejects a file that is not an image, or a broken one, with 400 and keeps the old picture', async () => {
      const { auth } = await t.signUp();
      for (const name of ['notes.txt', 'broken.jpg', 'document.pdf']) {
        const upload = multipart('file', name, fixture(name));
        const res = await t.app.inject({
          method: 'POST',
          url: '/st/4/profile_picture',
          headers: { ...upload.headers, authorization: auth },
          payload: upload.payload,
        });
        expect(res.statusCode, name).toBe(400);
        expect(res.json().error).toBe('body.file is not an image');
      }
      const info = await t.app.inject({ url: '/st/4/account_info', headers: { authorization: auth } });
      expect(info.json().profile_picture_url).toBeNull();
    });

    it('requires the file field, multipart and a token; refuses more than 10 MB', async () => {
      const { auth } = await t.signUp();
      const wrongField = multipart('picture', 'me.jpg', fixture('photo-exif.jpg'));
      const res = await t.app.inject({
        method: 'POST',
        url: '/st/4/profile_picture',
        headers: { ...wrongField.headers, authorization: auth },
        payload: wrongField.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('body.file is required');

      const json = await t.app.inject({
        method: 'POST',
        url: '/st/4/profile_picture',
        headers: { authorization: auth },
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBe(400);

      const anonymous = multipart('file', 'me.jpg', fixture('photo-exif.jpg'));
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/st/4/profile_picture',
            headers: anonymous.headers,
            payload: anonymous.payload,
          })
        ).statusCode,
      ).toBe(401);

      const huge = multipart('file', 'big.jpg', Buffer.alloc(10 * 1024 * 1024 + 10, 1));
      const big = await t.app.inject({
        method: 'POST',
        url: '/st/4/profile_picture',
        headers: { ...huge.headers, authorization: auth },
        payload: huge.payload,
      });
      expect(big.statusCode).toBe(413);
    });
  });
});
