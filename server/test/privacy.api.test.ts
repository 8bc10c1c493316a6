import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DATA_COPY_TOO_SOON } from '@nordlys/contract/privacy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin';
import { createAccountService } from '../src/services/account.service';
import { createRepositories } from '../src/store/repositories';
import { albumApi } from './album-test-helpers';
import { outboxMessages } from './mail-test-helpers';
import { basicAuth, createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { type Auth, uploadAt } from './timeline-test-helpers';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The entries of a ZIP, as text, read by Info-ZIP's unzip (which also checks the archive). */
function unzipText(zip: Buffer): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-copy-'));
  const file = path.join(dir, 'copy.zip');
  fs.writeFileSync(file, zip);
  try {
    execFileSync('unzip', ['-t', '-qq', file]);
    const names = execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).trim().split('\n');
    return Object.fromEntries(
      names.map((name) => [name, execFileSync('unzip', ['-p', file, name], { encoding: 'utf8' })]),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(databaseKinds)('privacy and the account’s life on %s', (kind) => {
  let t: TestApp;
  // The server's clock; tests move it on by `offset`.
  let offset = 0;
  const clock = () => Date.now() + offset;
  const call = (method: 'GET' | 'POST', url: string, who: Auth | null, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: who ? { authorization: who.auth } : {},
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { TERMS_VERSION: '2026-11', TEST_ENDPOINTS: '1' } });
  });
  afterAll(() => t.close());

  describe('consents', () => {
    it('reads every type as false at first, then as given, per user', async () => {
      const a = await t.signUp();
      const b = await t.signUp();
      const first = await call('GET', '/st/4/data_protection/consent_values', a);
      expect(first.statusCode).toBe(200);
      expect(Object.keys(first.json().consents)).toHaveLength(7);
      expect(first.json().consents.help_us_improve).toEqual({ value: false });
      const set = await call('POST', '/st/4/data_protection/consent_values', a, {
        help_us_improve: true,
        face_grouping: true,
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().consents.help_us_improve.value).toBe(true);
      await call('POST', '/st/4/data_protection/consent_values', a, { face_grouping: false });
      const again = (await call('GET', '/st/4/data_protection/consent_values', a)).json();
      expect(again.consents.help_us_improve.value).toBe(true);
      expect(again.consents.face_grouping.value).toBe(false);
      const other = (await call('GET', '/st/4/data_protection/consent_values', b)).json();
      expect(other.consents.help_us_improve.value).toBe(false);
      // Analytics are permitted with help_us_improve, for that account only.
      expect((await call('GET', '/st/4/account_info', a)).json().permitted_services).toEqual({
        analytics: true,
      });
      expect((await call('GET', '/st/4/account_info', b)).json().permitted_services).toEqual({
        analytics: false,
      });
    });

    it('refuses unknown keys, non-booleans and strangers', async () => {
      const a = await t.signUp();
      const unknown = await call('POST', '/st/4/data_protection/consent_values', a, { tracking: true });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toContain('body');
      const text = await call('POST', '/st/4/data_protection/consent_values', a, { help_us_improve: 'yes' });
      expect(text.statusCode).toBe(400);
      expect(text.json().error).toContain('help_us_improve');
      expect((await call('GET', '/st/4/data_protection/consent_values', null)).statusCode).toBe(401);
      expect(
        (await call('POST', '/st/4/data_protection/consent_values', null, { help_us_improve: true }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('digital legacy', () => {
    const contact = {
      name: 'Kari Nordmann',
      phone_number: '+4712345678',
      email_address: 'kari@example.com',
      address: 'Storgata 1, Oslo',
    };

    it('names the bad field, saves a good contact and forgets it with another choice', async () => {
      const a = await t.signUp();
      expect((await call('GET', '/st/4/digital_legacy', a)).json()).toEqual({
        choice: null,
        digital_legacy_data: { contact_information: [] },
      });
      const post = (body: object) => call('POST', '/st/4/digital_legacy', a, body);
      const badPhone = await post({
        choice: 'provide_content_to_contact',
        language: 'nb_NO',
        contact_information: [{ ...contact, phone_number: '12-34' }],
      });
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json().error).toMatch(/^body\.contact_information\.0\.phone_number /);
      const badEmail = await post({
        choice: 'provide_content_to_contact',
        language: 'nb_NO',
        contact_information: [{ ...contact, email_address: 'kari@' }],
      });
      expect(badEmail.json().error).toMatch(/^body\.contact_information\.0\.email_address /);
      const missing = await post({ choice: 'provide_content_to_contact', language: 'nb_NO' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toMatch(/^body\.contact_information /);
      const badChoice = await post({ choice: 'everybody', language: 'nb_NO' });
      expect(badChoice.statusCode).toBe(400);

      const good = await post({
        choice: 'provide_content_to_contact',
        language: 'nb_NO',
        contact_information: [contact],
      });
      expect(good.statusCode, good.body).toBe(200);
      const read = (await call('GET', '/st/4/digital_legacy', a)).json();
      expect(read.choice).toBe('provide_content_to_contact');
      expect(read.digital_legacy_data.contact_information[0]).toEqual(contact);

      await post({ choice: 'do_not_provide_content_to_anybody', language: 'nb_NO' });
      expect((await call('GET', '/st/4/digital_legacy', a)).json()).toEqual({
        choice: 'do_not_provide_content_to_anybody',
        digital_legacy_data: { contact_information: [] },
      });
      expect((await call('GET', '/st/4/digital_legacy', null)).statusCode).toBe(401);
    });
  });

  describe('terms of service and sunset date', () => {
    it('asks for the configured version until it is approved', async () => {
      const a = await t.signUp();
      const info = async () => (await call('GET', '/st/4/account_info', a)).json();
      expect((await info()).tos_to_approve).toBe('2026-11');
      const old = await call('POST', '/st/4/approve_tos', a, { tos_version: '2020-01' });
      expect(old.statusCode).toBe(409);
      expect((await info()).tos_to_approve).toBe('2026-11');
      const ok = await call('POST', '/st/4/approve_tos', a, { tos_version: '2026-11' });
      expect(ok.statusCode).toBe(204);
      expect((await info()).tos_to_approve).toBeNull();
      expect((await call('POST', '/st/4/approve_tos', null, { tos_version: '2026-11' })).statusCode).toBe(
        401,
      );
      expect((await call('POST', '/st/4/approve_tos', a, {})).json().error).toContain('tos_version');
    });

    it('shows the sunset date the admin sets, until cleared', async () => {
      const email = `sunset-${Date.now()}@example.com`;
      const a = await t.signUp({ email });
      const env: Record<string, string> = { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' };
      if (t.config.database.kind === 'postgres') env.DATABASE_URL = t.config.database.url;
      const out: string[] = [];
      const admin = (...argv: string[]) => runAdmin(argv, env, (line) => out.push(line));
      expect((await call('GET', '/st/4/account_info', a)).json().sunset_delete_date).toBeNull();
      expect(await admin('user:sunset', '--email', email, '--date', '2027-03-01')).toBe(0);
      expect((await call('GET', '/st/4/account_info', a)).json().sunset_delete_date).toBe('2027-03-01');
      await expect(admin('user:sunset', '--email', email, '--date', '2027-13-45')).rejects.toThrow(
        'YYYY-MM-DD',
      );
      expect(await admin('user:sunset', '--email', email, '--clear')).toBe(0);
      expect((await call('GET', '/st/4/account_info', a)).json().sunset_delete_date).toBeNull();
    });
  });

  describe('copy of one’s data', () => {
    it('builds a ZIP of the metadata in the background, once per 24 hours', async () => {
      const a = await t.signUp({ name: 'Copy Owner' });
      const stranger = await t.signUp();
      await uploadAt(t, a, 'beach.jpg', 1_700_000_000);
      const albums = albumApi(t);
      const album = await albums.create(a, { name: 'Hytta' });
      await call('POST', '/st/4/data_protection/consent_values', a, { help_us_improve: true });

      expect((await call('GET', '/st/4/data_protection/request_data_access_availability', a)).json()).toEqual(
        {
          available: true,
        },
      );
      const none = await call('GET', '/st/4/data_protection/data_copy', a);
      expect(none.statusCode).toBe(200);
      expect(none.json()).toBeNull();
      const requested = await call('POST', '/st/4/data_protection/request_data_access', a);
      expect(requested.statusCode, requested.body).toBe(202);
      expect(requested.json().status).toBe('pending');

      const soon = await call('GET', '/st/4/data_protection/request_data_access_availability', a);
      expect(soon.statusCode).toBe(429);
      expect(soon.json().error).toBe(DATA_COPY_TOO_SOON);
      expect((await call('POST', '/st/4/data_protection/request_data_access', a)).statusCode).toBe(429);

      let copy = (await call('GET', '/st/4/data_protection/data_copy', a)).json();
      for (let i = 0; i < 100 && copy.status === 'pending'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        copy = (await call('GET', '/st/4/data_protection/data_copy', a)).json();
      }
      expect(copy.status).toBe('ready');
      expect(copy.download_path).toBe(`/st/4/data_protection/data_copy/${copy.id}/download`);
      expect((await call('GET', copy.download_path, stranger)).statusCode).toBe(404);
      expect((await call('GET', copy.download_path, null)).statusCode).toBe(401);
      const download = await call('GET', copy.download_path, a);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/zip');
      const entries = unzipText(download.rawPayload);
      expect(Object.keys(entries).sort()).toEqual([
        'account.json',
        'albums.json',
        'comments.json',
        'consents.json',
        'digital-legacy.json',
        'files.json',
      ]);
      expect(JSON.parse(entries['account.json'] as string)).toMatchObject({ name: 'Copy Owner' });
      expect(JSON.parse(entries['files.json'] as string)[0]).toMatchObject({ file_name: 'beach.jpg' });
      expect(JSON.parse(entries['albums.json'] as string).owned[0]).toMatchObject({
        id: album.id,
        name: 'Hytta',
      });
      expect(JSON.parse(entries['consents.json'] as string).help_us_improve).toEqual({ value: true });

      offset += 23 * HOUR_MS;
      expect(
        (await call('GET', '/st/4/data_protection/request_data_access_availability', a)).statusCode,
      ).toBe(429);
      offset += 1 * HOUR_MS + 1000;
      expect(
        (await call('GET', '/st/4/data_protection/request_data_access_availability', a)).statusCode,
      ).toBe(200);
      expect(
        (await call('GET', '/st/4/data_protection/request_data_access_availability', null)).statusCode,
      ).toBe(401);
    });
  });

  describe('account deletion', () => {
    it('signs out every device, mails a confirmation and erases data and bytes after 30 days', async () => {
      const email = `leaving-${Date.now()}@example.com`;
      const leaving = await t.signUp({ email, name: 'Leaving' });
      const staying = await t.signUp();
      const own = Buffer.from(`only mine ${Date.now()}`);
      const shared = Buffer.from(`both of us ${Date.now()}`);
      const mine = await uploadAt(t, leaving, 'mine.txt', 1_700_000_000, own);
      await uploadAt(t, leaving, 'ours.txt', 1_700_000_000, shared);
      const theirs = await uploadAt(t, staying, 'ours.txt', 1_700_000_000, shared);
      const albums = albumApi(t);
      await albums.create(leaving, { name: 'Farewell' });
      const blobKeyOf = async (sha256: string) =>
        (
          await t.store.db
            .selectFrom('contents')
            .select('blob_key')
            .where('sha256', '=', sha256)
            .executeTakeFirst()
        )?.blob_key;
      const ownKey = await blobKeyOf(mine.checksum);
      const sharedKey = await blobKeyOf(theirs.checksum);
      expect(ownKey).toBeTruthy();
      // A second device of the same account.
      const { token } = await createAccountService({
        repos: createRepositories(t.store),
        clock,
        defaultStorageGib: 15,
      }).issueDeviceToken(leaving.userId, { name: 'Phone' });
      const phone = { ...leaving, auth: basicAuth(token) };

      // Traces kept by address or without a reference to the account row.
      await call('GET', '/st/4/user/email_consent', leaving);
      await call('POST', '/st/4/client_errors', leaving, { message: 'before leaving' });
      expect((await call('POST', '/st/4/data_protection/request_account_deletion', null)).statusCode).toBe(
        401,
      );
      const before = outboxMessages(t.dataDir).length;
      const requested = await call('POST', '/st/4/data_protection/request_account_deletion', leaving);
      expect(requested.statusCode, requested.body).toBe(202);
      const { delete_by: deleteBy } = requested.json();
      expect(deleteBy - clock()).toBeGreaterThan(29 * DAY_MS);
      expect(deleteBy - clock()).toBeLessThanOrEqual(30 * DAY_MS);

      for (const device of [leaving, phone]) {
        expect((await call('GET', '/st/4/account_info', device)).statusCode).toBe(401);
      }
      const mails = outboxMessages(t.dataDir).slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(`To: ${email}`);
      expect(mails[0]).toContain('logged out of all your devices');
      expect(mails[0]).toMatch(/\/emailSettings\?id=[A-Za-z0-9_-]+/);

      offset += 29 * DAY_MS;
      expect((await t.app.privacyHousekeeping.runOnce()).erased).toBe(0);
      expect(
        await t.store.db.selectFrom('users').select('id').where('id', '=', leaving.userId).executeTakeFirst(),
      ).toBeTruthy();

      offset += 1 * DAY_MS + 1000;
      expect((await t.app.privacyHousekeeping.runOnce()).erased).toBe(1);
      const rows = async (table: 'users' | 'files' | 'jobs', column: 'id' | 'user_id' | 'owner_id') =>
        (await t.store.db.selectFrom(table).selectAll().where(column, '=', leaving.userId).execute()).length;
      expect(await rows('users', 'id')).toBe(0);
      expect(await rows('files', 'user_id')).toBe(0);
      expect(await rows('jobs', 'owner_id')).toBe(0);
      await expect(t.blobs.get(ownKey as string)).rejects.toThrow();
      const traces = [
        await t.store.db.selectFrom('email_consents').select('email').where('email', '=', email).execute(),
        await t.store.db
          .selectFrom('client_errors')
          .select('id')
          .where('user_id', '=', leaving.userId)
          .execute(),
      ];
      expect(traces).toEqual([[], []]);
      // Bytes another account still holds stay, and still count for it.
      expect(await blobKeyOf(theirs.checksum)).toBe(sharedKey);
      const stayingInfo = (await call('GET', '/st/4/account_info', staying)).json();
      expect(stayingInfo.used_space).toBe(shared.length);
      const read = await t.app.inject({
        url: `/st/4/jobs/default/files`,
        headers: { authorization: staying.auth },
      });
      expect(read.statusCode).toBe(200);
    });
  });

  describe('account deletion in other people’s albums', () => {
    it('takes the files, comments and membership out, with the album’s counts', async () => {
      const owner = await t.signUp({ name: 'Album Owner' });
      const leaving = await t.signUp({ name: 'Guest Leaving' });
      const albums = albumApi(t);
      const shared = await albums.create(owner, { name: 'Hytta', public: 1, permissions: 3 });
      const mine = await albums.addFile(owner, shared.id, 'owner.jpg');
      expect(
        (await albums.call('POST', `/st/4/jobs/${shared.id}/subscribe`, { who: leaving })).statusCode,
      ).toBe(200);
      const theirs = await albums.addFile(leaving, shared.id, 'guest.jpg');
      const comment = await call(
        'POST',
        `/st/4/jobs/${shared.id}/files_by_id/${mine.album.fileID}/comments`,
        leaving,
        { comment: 'Fint!' },
      );
      expect(comment.statusCode, comment.body).toBeLessThan(300);
      const albumRow = () =>
        t.store.db
          .selectFrom('albums')
          .select(['media_count', 'participant_count', 'comment_count'])
          .where('job_id', '=', shared.id)
          .executeTakeFirstOrThrow();
      expect(await albumRow()).toEqual({ media_count: 2, participant_count: 1, comment_count: 1 });

      expect((await call('POST', '/st/4/data_protection/request_account_deletion', leaving)).statusCode).toBe(
        202,
      );
      offset += 31 * DAY_MS;
      expect((await t.app.privacyHousekeeping.runOnce()).erased).toBe(1);
      expect(await albumRow()).toEqual({ media_count: 1, participant_count: 0, comment_count: 0 });
      const left = await t.store.db
        .selectFrom('files')
        .select('id')
        .where('job_id', '=', shared.id)
        .execute();
      expect(left.map((row) => row.id)).toEqual([mine.album.fileID]);
      expect(theirs.album.fileID).not.toBe(mine.album.fileID);
    });
  });

  describe('e-mail consent', () => {
    it('is read and changed by the identifier without signing in', async () => {
      const a = await t.signUp();
      const mine = await call('GET', '/st/4/user/email_consent', a);
      expect(mine.statusCode).toBe(200);
      const { email_consent_identifier: id } = mine.json();
      expect(mine.json().email_consent).toBe(true);
      expect((await call('GET', '/st/4/test/email_consent_id', a)).json()).toEqual({
        email_consent_identifier: id,
      });

      const anonymous = await call('GET', `/st/4/user/email_consent?email_consent_identifier=${id}`, null);
      expect(anonymous.json()).toEqual({ email_consent: true, email_consent_identifier: id });
      const off = await call('POST', '/st/4/user/email_consent', null, {
        email_consent: false,
        email_consent_identifier: id,
      });
      expect(off.statusCode).toBe(200);
      expect(off.json().email_consent).toBe(false);
      expect((await call('GET', '/st/4/user/email_consent', a)).json().email_consent).toBe(false);

      const unknown = await call(
        'GET',
        `/st/4/user/email_consent?email_consent_identifier=${'x'.repeat(32)}`,
        null,
      );
      expect(unknown.statusCode).toBe(404);
      expect((await call('GET', '/st/4/user/email_consent', null)).statusCode).toBe(400);
      const bad = await call('POST', '/st/4/user/email_consent', null, {
        email_consent: 'no',
        email_consent_identifier: id,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toContain('email_consent');
      expect((await call('GET', '/st/4/test/email_consent_id', null)).statusCode).toBe(401);
    });

    it('keeps mail from an address that unsubscribed, with a settings link in each mail', async () => {
      const owner = await t.signUp();
      const file = await uploadAt(t, owner, 'x.txt', 1_700_000_000);
      const share = (await call('POST', '/st/4/shares', owner, { file_ids: [file.fileID] })).json() as {
        id: string;
      };
      const outAddress = `out-${Date.now()}@example.com`;
      const inAddress = `in-${Date.now()}@example.com`;
      const send = () =>
        call('POST', `/st/4/shares/${share.id}/email`, owner, {
          recipients: [outAddress, inAddress],
          subject: 'S',
        });
      const before = outboxMessages(t.dataDir).length;
      expect((await send()).statusCode).toBe(204);
      const first = outboxMessages(t.dataDir).slice(before);
      expect(first).toHaveLength(2);
      const toOut = first.find((mail) => mail.includes(`To: ${outAddress}`)) as string;
      const id = /\/emailSettings\?id=([A-Za-z0-9_-]+)/.exec(toOut)?.[1] as string;
      expect(id).toBeTruthy();
      expect(first.find((mail) => mail.includes(`To: ${inAddress}`))).not.toContain(id);
      await call('POST', '/st/4/user/email_consent', null, {
        email_consent: false,
        email_consent_identifier: id,
      });
      expect((await send()).statusCode).toBe(204);
      const second = outboxMessages(t.dataDir).slice(before + 2);
      expect(second).toHaveLength(1);
      expect(second[0]).toContain(`To: ${inAddress}`);
    });
  });

  describe('client errors', () => {
    it('keeps reports, signed in or not, for the admin listing', async () => {
      const res = await call('POST', '/st/4/client_errors', null, {
        message: 'Boom in render',
        url: '/settings',
      });
      expect(res.statusCode).toBe(204);
      const env: Record<string, string> = { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' };
      if (t.config.database.kind === 'postgres') env.DATABASE_URL = t.config.database.url;
      const lines: string[] = [];
      expect(await runAdmin(['errors:list', '--limit', '5'], env, (line) => lines.push(line))).toBe(0);
      expect(lines.some((line) => line.includes('Boom in render') && line.includes('/settings'))).toBe(true);
      expect((await call('POST', '/st/4/client_errors', null, { message: 5 })).statusCode).toBe(400);
    });
  });
});

describe('without test endpoints', () => {
  it('has no /test/email_consent_id and no terms to approve', async () => {
    const t = await createTestApp('sqlite');
    try {
      const a = await t.signUp();
      const res = await t.app.inject({
        url: '/st/4/test/email_consent_id',
        headers: { authorization: a.auth },
      });
      expect(res.statusCode).toBe(404);
      const info = await t.app.inject({ url: '/st/4/account_info', headers: { authorization: a.auth } });
      expect(info.json().tos_to_approve).toBeNull();
    } finally {
      await t.close();
    }
  });
});
