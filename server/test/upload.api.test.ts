import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, PHOTO_EXIF_FACTS } from './media-test-content';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { multipartBody, setMaxSpace } from './upload-helpers';

type Auth = Awaited<ReturnType<TestApp['signUp']>>;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(databaseKinds)('upload API on %s', (kind) => {
  let t: TestApp;
  let alice: Auth;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await t.signUp();
  });
  afterAll(async () => t?.close());

  async function upload(
    who: Auth,
    fields: Record<string, string>,
    file?: { name: string; data: Buffer; fieldName?: string },
    options: { job?: string; fileFirst?: boolean } = {},
  ) {
    const { body, contentType } = multipartBody(fields, file, options);
    return t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${options.job ?? 'default'}/upload`,
      headers: { authorization: who.auth, 'content-type': contentType },
      payload: body,
    });
  }

  const uploadFixture = (who: Auth, name: string, extra: Record<string, string> = {}) =>
    upload(who, { path: `Camera/${name}`, mtime: '1700000000', ...extra }, { name, data: fixture(name) });

  async function rowCounts(userId: string) {
    const files = await t.store.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const usage = await t.app.inject({ url: '/st/4/jobs/default', headers: { authorization: alice.auth } });
    return { files: Number(files.n), serial: usage.json().serial as number };
  }

  async function usedSpace(userId: string) {
    const row = await t.store.db
      .selectFrom('user_usage')
      .select('used_space')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.used_space ?? 0);
  }

  /** Staging files in the blob folder once background work (thumbnails stage there too) is done. */
  async function stagingFiles(): Promise<string[]> {
    if (kind === 'sqlite') await t.app.mediaProcessing.onIdle();
    const staged = path.join(t.dataDir, 'blobs', '.tmp');
    return fs.existsSync(staged) ? fs.readdirSync(staged) : [];
  }

  async function blobKeys(prefix = 'content/') {
    const keys: string[] = [];
    for await (const key of t.blobs.list(prefix)) keys.push(key);
    return keys;
  }

  it('serves the 42 picture and 25 video types without auth', async () => {
    const res = await t.app.inject({ url: '/st/4/supported_extensions' });
    expect(res.statusCode).toBe(200);
    const { pictures, videos } = res.json();
    expect(pictures).toHaveLength(42);
    expect(videos).toHaveLength(25);
    expect(pictures).toEqual(
      expect.arrayContaining(['jpg', 'jpeg', 'png', 'heic', 'raw', 'dng', 'cr2', 'nef', 'arw']),
    );
    expect(videos).toEqual(expect.arrayContaining(['mp4', 'mov', 'm4v', 'avi', 'mkv', 'webm', '3gp', 'mts']));
    for (const ext of [...pictures, ...videos]) expect(ext).toBe(ext.toLowerCase());
  });

  it('serves the upload config', async () => {
    const res = await t.app.inject({ url: '/st/4/upload_config' });
    expect(res.json()).toEqual({
      resumable_threshold: 64 * 1024 * 1024,
      max_file_size: 200 * 1024 ** 3,
      tus_endpoint: '/st/4/tus',
    });
  });

  it('creates the timeline once and answers it as the default job', async () => {
    const bob = await t.signUp({ name: 'Bob Timeline' });
    const [a, b] = await Promise.all([
      t.app.inject({ url: '/st/4/jobs/default', headers: { authorization: bob.auth } }),
      t.app.inject({ url: '/st/4/jobs/default', headers: { authorization: bob.auth } }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(a.json().id).toBe(b.json().id);
    expect(a.json()).toMatchObject({
      type: 'timeline',
      owner: { uuid: bob.userId, name: 'Bob Timeline' },
      serial: 0,
    });
    expect((await t.app.inject({ url: '/st/4/jobs/default' })).statusCode).toBe(401);
  });

  it('stores a JPEG with its EXIF facts', async () => {
    const res = await uploadFixture(alice, 'photo-exif.jpg');
    expect(res.statusCode).toBe(201);
    const file = res.json();
    const bytes = fixture('photo-exif.jpg');
    expect(file).toMatchObject({
      path: 'Camera/photo-exif.jpg',
      fileName: 'photo-exif.jpg',
      size: bytes.length,
      checksum: createHash('sha256').update(bytes).digest('hex'),
      width: 1600,
      height: 1200,
      timestamp: Date.parse('2023-07-14T18:32:05+02:00') / 1000,
      mtime: 1700000000,
      duration: 0,
      file_type: 'Pictures',
      is_screenshot: false,
      user_uuid: alice.userId,
      master: '0',
    });
    expect(file.encodingStatus).toBeUndefined();
    const meta = await t.app.inject({
      url: `/st/4/jobs/default/metadata/${encodeURIComponent('Camera/photo-exif.jpg')}`,
      headers: { authorization: alice.auth },
    });
    expect(meta.json()).toMatchObject(PHOTO_EXIF_FACTS);
  });

  it('reads the displayed size of a rotated JPEG, screenshots, movies, HEIC and documents', async () => {
    expect((await uploadFixture(alice, 'rotated-orientation6.jpg')).json()).toMatchObject({
      width: 900,
      height: 1200,
    });
    expect((await uploadFixture(alice, 'screenshot_20240315_101500.png')).json()).toMatchObject({
      is_screenshot: true,
      file_type: 'Pictures',
      width: 900,
      height: 1600,
      // No EXIF: the name's date, not the upload's mtime.
      timestamp: Date.parse('2024-03-15T10:15:00Z') / 1000,
    });
    const clip = (await uploadFixture(alice, 'clip.mp4')).json();
    expect(clip).toMatchObject({
      file_type: 'Movies',
      duration: 3,
      width: 640,
      height: 360,
      timestamp: Date.parse('2023-08-01T10:00:00Z') / 1000,
    });
    expect(['FETCHING', 'PROCESSING', 'ENCODED']).toContain(clip.encodingStatus);
    expect((await uploadFixture(alice, 'photo.heic')).json()).toMatchObject({
      file_type: 'Pictures',
      width: 800,
      height: 600,
      timestamp: Date.parse('2022-05-01T12:00:00Z') / 1000,
    });
    const pdf = (await uploadFixture(alice, 'document.pdf')).json();
    expect(pdf).toMatchObject({ file_type: 'Documents', width: null, thumbURLSmall: null });
  });

  it('dates a screenshot without EXIF by its name: it lands in March 2024 in the timeline', async () => {
    const bob = await t.signUp();
    const shot = (await uploadFixture(bob, 'screenshot_20240315_101500.png')).json();
    // A name that states no date keeps the mtime (2023-11-14).
    const plain = (
      await upload(
        bob,
        { path: 'Camera/screen.png', mtime: '1700000000', policy: 'keep_both' },
        { name: 'screen.png', data: fixture('screenshot_20240315_101500.png') },
      )
    ).json();
    expect(plain.timestamp).toBe(1700000000);
    const get = (url: string) => t.app.inject({ url, headers: { authorization: bob.auth } });
    const months = (await get('/st/4/jobs/default/timeline/months')).json().months;
    expect(months.map((m: { year: number; month: number }) => [m.year, m.month])).toEqual([
      [2024, 3],
      [2023, 11],
    ]);
    const march = await get('/st/4/jobs/default/files?start=1709251200&end=1711929599');
    expect(march.statusCode, march.body).toBe(200);
    expect(march.json().files.map((file: { fileID: string }) => file.fileID)).toEqual([shot.fileID]);
  });

  it('stores bytes that claim to be a JPEG but do not decode, without crashing', async () => {
    const res = await uploadFixture(alice, 'broken.jpg');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ file_type: 'Pictures', width: null, height: null, size: 20000 });
  });

  it('bumps the serial and writes a change row per upload', async () => {
    const before = await rowCounts(alice.userId);
    const res = await upload(
      alice,
      { path: 'a/serial.txt', mtime: '1700000000000' },
      { name: 'x', data: Buffer.from('serial one') },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().mtime).toBe(1700000000); // milliseconds accepted too
    const after = await rowCounts(alice.userId);
    expect(after.serial).toBe(before.serial + 1);
    expect(after.files).toBe(before.files + 1);
    const change = await t.store.db
      .selectFrom('changes')
      .selectAll()
      .where('job_id', '=', res.json().jobID)
      .where('serial', '=', after.serial)
      .executeTakeFirstOrThrow();
    expect(change).toMatchObject({ type: 0, entity_id: res.json().fileID });
  });

  it('keeps group fields for live and burst groups', async () => {
    const res = await upload(
      alice,
      { path: 'live/IMG_1.jpg', mtime: '1700000000', group_type: 'live', group_id: 'g-1', master: '1' },
      { name: 'IMG_1.jpg', data: Buffer.from('live photo still') },
    );
    expect(res.json()).toMatchObject({ group_type: 'live', group_id: 'g-1', master: '1' });
  });

  it('stores the same bytes once and counts them once in used_space', async () => {
    const carol = await t.signUp();
    const data = Buffer.from(`same bytes ${randomUUID()}`);
    const first = await upload(carol, { path: 'one.txt', mtime: '1' }, { name: 'one.txt', data });
    const second = await upload(carol, { path: 'two.txt', mtime: '1' }, { name: 'two.txt', data });
    expect(second.statusCode).toBe(201);
    expect(second.json().checksum).toBe(first.json().checksum);
    expect(await usedSpace(carol.userId)).toBe(data.length);
    const contents = await t.store.db
      .selectFrom('contents')
      .selectAll()
      .where('sha256', '=', first.json().checksum)
      .executeTakeFirstOrThrow();
    expect(contents.ref_count).toBe(2);
    // One blob for the content, the second upload's staged copy removed.
    expect((await blobKeys()).filter((key) => key === contents.blob_key)).toHaveLength(1);
    const again = await upload(
      carol,
      { path: 'two.txt', mtime: '1', policy: 'no_duplicates' },
      { name: 'two.txt', data },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().fileID).toBe(second.json().fileID);
  });

  describe('refuses bad input with a 4xx and stores nothing', () => {
    const cases: [
      string,
      () => Promise<{ statusCode: number; json(): { error: string } }>,
      number,
      RegExp,
    ][] = [
      [
        'a path with ..',
        () => upload(alice, { path: 'a/../b.jpg', mtime: '1' }, { name: 'b.jpg', data: Buffer.from('x') }),
        400,
        /path/,
      ],
      [
        'an absolute path',
        () => upload(alice, { path: '/etc/b.jpg', mtime: '1' }, { name: 'b.jpg', data: Buffer.from('x') }),
        400,
        /path/,
      ],
      [
        'a backslash',
        () => upload(alice, { path: 'a\\b.jpg', mtime: '1' }, { name: 'b.jpg', data: Buffer.from('x') }),
        400,
        /path/,
      ],
      [
        'an empty segment',
        () => upload(alice, { path: 'a//b.jpg', mtime: '1' }, { name: 'b.jpg', data: Buffer.from('x') }),
        400,
        /path/,
      ],
      [
        'a path over 1024 characters',
        () =>
          upload(
            alice,
            { path: `${'a'.repeat(1030)}.jpg`, mtime: '1' },
            { name: 'b.jpg', data: Buffer.from('x') },
          ),
        400,
        /path/,
      ],
      [
        'a folder',
        () => upload(alice, { path: 'Camera/', mtime: '1' }, { name: 'x', data: Buffer.from('x') }),
        400,
        /FileIsFolder/,
      ],
      [
        'a missing path',
        () => upload(alice, { mtime: '1' }, { name: 'b.jpg', data: Buffer.from('x') }),
        400,
        /path/,
      ],
      [
        'a missing mtime',
        () => upload(alice, { path: 'b.jpg' }, { name: 'b.jpg', data: Buffer.from('x') }),
        400,
        /mtime/,
      ],
      [
        'a bad mtime',
        () => upload(alice, { path: 'b.jpg', mtime: 'yesterday' }, { name: 'b.jpg', data: Buffer.from('x') }),
        400,
        /mtime/,
      ],
      [
        'a bad policy',
        () =>
          upload(
            alice,
            { path: 'b.jpg', mtime: '1', policy: 'maybe' },
            { name: 'b.jpg', data: Buffer.from('x') },
          ),
        400,
        /policy/,
      ],
      [
        'a bad group_type',
        () =>
          upload(
            alice,
            { path: 'b.jpg', mtime: '1', group_type: 'pano' },
            { name: 'b.jpg', data: Buffer.from('x') },
          ),
        400,
        /group_type/,
      ],
      [
        'the file part first',
        () =>
          upload(
            alice,
            { path: 'b.jpg', mtime: '1' },
            { name: 'b.jpg', data: Buffer.from('x') },
            { fileFirst: true },
          ),
        400,
        /before the file/,
      ],
      ['no file part', () => upload(alice, { path: 'b.jpg', mtime: '1' }), 400, /file is required/],
      [
        'a file part under another name',
        () =>
          upload(
            alice,
            { path: 'b.jpg', mtime: '1' },
            { name: 'b.jpg', data: Buffer.from('x'), fieldName: 'upload' },
          ),
        400,
        /file/,
      ],
      [
        'an empty file',
        () => upload(alice, { path: 'b.jpg', mtime: '1' }, { name: 'b.jpg', data: Buffer.alloc(0) }),
        400,
        /empty file/,
      ],
    ];
    it.each(cases)('%s', async (_name, send, status, message) => {
      const before = await rowCounts(alice.userId);
      const blobsBefore = (await blobKeys()).length;
      const res = await send();
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toMatch(message);
      expect(await rowCounts(alice.userId)).toEqual(before);
      expect((await blobKeys()).length).toBe(blobsBefore);
      expect(await stagingFiles()).toEqual([]);
    });

    it('two file parts: 413, and neither file is stored, listed or counted', async () => {
      const frank = await t.signUp();
      const blobsBefore = (await blobKeys()).length;
      const boundary = 'nordlys-two-files';
      const part = (name: string, data: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n${data}\r\n`;
      const body =
        `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\ntwo.txt\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="mtime"\r\n\r\n1\r\n` +
        part('one.txt', `first ${randomUUID()}`) +
        part('two.txt', `second ${randomUUID()}`) +
        `--${boundary}--\r\n`;
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/st/4/jobs/default/upload',
          headers: { authorization: frank.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: body,
        });
        expect(res.statusCode).toBe(413);
        expect(res.json()).toEqual({ error: 'reach files limit' });
      }
      const rows = await t.store.db
        .selectFrom('files')
        .select('id')
        .where('user_id', '=', frank.userId)
        .execute();
      expect(rows).toEqual([]);
      expect(await usedSpace(frank.userId)).toBe(0);
      expect((await blobKeys()).length).toBe(blobsBefore);
      expect(await stagingFiles()).toEqual([]);
      const listed = await t.app.inject({
        url: '/st/4/jobs/default/files',
        headers: { authorization: frank.auth },
      });
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual({ files: [] });
    });

    it('a JSON body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/st/4/jobs/default/upload',
        headers: { authorization: alice.auth },
        payload: { path: 'a.jpg', mtime: 1 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/multipart/);
    });

    it('a truncated multipart body', async () => {
      const before = await rowCounts(alice.userId);
      const { body, contentType } = multipartBody(
        { path: 'cut.jpg', mtime: '1' },
        { name: 'cut.jpg', data: fixture('photo-exif.jpg') },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/st/4/jobs/default/upload',
        headers: { authorization: alice.auth, 'content-type': contentType },
        payload: body.subarray(0, Math.floor(body.length / 2)),
      });
      expect(res.statusCode).toBe(400);
      expect(await rowCounts(alice.userId)).toEqual(before);
    });
  });

  describe("taken_at field (an edited copy keeps its original's capture time)", () => {
    it('dates the file by taken_at over its EXIF, in seconds or milliseconds', async () => {
      const inSeconds = await uploadFixture(alice, 'photo-exif.jpg', {
        path: 'Edited/a (edited).jpg',
        taken_at: '1600000000',
        policy: 'keep_both',
      });
      expect(inSeconds.statusCode).toBe(201);
      expect(inSeconds.json()).toMatchObject({ timestamp: 1600000000, mtime: 1700000000 });
      const inMs = await uploadFixture(alice, 'photo-exif.jpg', {
        path: 'Edited/b (edited).jpg',
        taken_at: '1600000001000',
        policy: 'keep_both',
      });
      expect(inMs.statusCode).toBe(201);
      expect(inMs.json().timestamp).toBe(1600000001);
    });

    it.each([['-5'], ['soon'], ['Infinity']])('refuses taken_at %s with a 400 naming it', async (value) => {
      const before = await rowCounts(alice.userId);
      const res = await uploadFixture(alice, 'photo-exif.jpg', { path: 'Edited/c.jpg', taken_at: value });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/taken_at/);
      expect(await rowCounts(alice.userId)).toEqual(before);
    });

    it("refuses a capture time into someone else's job: 404, nothing stored", async () => {
      const mine = (
        await t.app.inject({ url: '/st/4/jobs/default', headers: { authorization: alice.auth } })
      ).json();
      const mallory = await t.signUp();
      const res = await upload(
        mallory,
        { path: 'x (edited).jpg', mtime: '1', taken_at: '1600000000' },
        { name: 'x.jpg', data: fixture('photo-exif.jpg') },
        { job: mine.id },
      );
      expect(res.statusCode).toBe(404);
      const theirs = await t.store.db
        .selectFrom('files')
        .select('id')
        .where('user_id', '=', mallory.userId)
        .execute();
      expect(theirs).toEqual([]);
    });
  });

  describe('checksum field', () => {
    const bytes = () => fixture('photo-exif.jpg');
    const send = (who: Auth, name: string, extra: Record<string, string>) =>
      upload(who, { path: `Checks/${name}`, mtime: '1700000000', ...extra }, { name, data: bytes() });

    async function storedOf(who: Auth) {
      const files = await t.store.db
        .selectFrom('files')
        .select('id')
        .where('user_id', '=', who.userId)
        .execute();
      return { files: files.length, usedSpace: await usedSpace(who.userId) };
    }

    it('stores a file whose bytes hash to the checksum sent, in either case', async () => {
      const carol = await t.signUp();
      const res = await send(carol, 'match.jpg', { checksum: sha256(bytes()).toUpperCase() });
      expect(res.statusCode).toBe(201);
      expect(res.json().checksum).toBe(sha256(bytes()));
      expect(await storedOf(carol)).toEqual({ files: 1, usedSpace: bytes().length });
    });

    it('refuses bytes that hash otherwise, storing and counting nothing', async () => {
      const dave = await t.signUp();
      const contentBefore = await blobKeys();
      const wrong = sha256(Buffer.from('some other bytes'));
      const res = await send(dave, 'mismatch.jpg', { checksum: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'checksum does not match the uploaded bytes' });
      expect(await storedOf(dave)).toEqual({ files: 0, usedSpace: 0 });
      expect(await blobKeys()).toEqual(contentBefore);
      const job = await t.app.inject({ url: '/st/4/jobs/default', headers: { authorization: dave.auth } });
      expect(job.json().serial).toBe(0);
    });

    it('refuses a checksum that is not a SHA-256 before reading the file', async () => {
      const erin = await t.signUp();
      for (const checksum of ['abc', 'z'.repeat(64), `${sha256(bytes())}00`]) {
        const res = await send(erin, 'malformed.jpg', { checksum });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'checksum must be a SHA-256 as 64 hexadecimal digits' });
      }
      expect(await storedOf(erin)).toEqual({ files: 0, usedSpace: 0 });
    });

    it('still accepts an upload without one', async () => {
      const frank = await t.signUp();
      const res = await send(frank, 'unchecked.jpg', {});
      expect(res.statusCode).toBe(201);
      expect(await storedOf(frank)).toEqual({ files: 1, usedSpace: bytes().length });
    });
  });

  describe('rights', () => {
    it('answers 401 without a token', async () => {
      expect(
        (
          await upload(
            { ...alice, auth: '' },
            { path: 'a.jpg', mtime: '1' },
            { name: 'a', data: Buffer.from('a') },
          )
        ).statusCode,
      ).toBe(401);
    });

    it("answers 404 for another user's job and for an unknown one", async () => {
      const mine = (
        await t.app.inject({ url: '/st/4/jobs/default', headers: { authorization: alice.auth } })
      ).json();
      const mallory = await t.signUp();
      const theirs = await upload(
        mallory,
        { path: 'x.jpg', mtime: '1' },
        { name: 'x', data: Buffer.from('x') },
        { job: mine.id },
      );
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ error: 'Not found' });
      const unknown = await upload(
        alice,
        { path: 'x.jpg', mtime: '1' },
        { name: 'x', data: Buffer.from('x') },
        { job: randomUUID() },
      );
      expect(unknown.statusCode).toBe(404);
    });

    it('answers 403 read_only_user for a read-only account', async () => {
      const reader = await t.signUp();
      await t.store.db
        .updateTable('users')
        .set({ is_read_only: 1 })
        .where('id', '=', reader.userId)
        .execute();
      const res = await upload(reader, { path: 'x.jpg', mtime: '1' }, { name: 'x', data: Buffer.from('x') });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'read_only_user' });
    });

    it("answers 410 'Job has been deleted' for a deleted job", async () => {
      const dave = await t.signUp();
      const job = (
        await t.app.inject({ url: '/st/4/jobs/default', headers: { authorization: dave.auth } })
      ).json();
      await t.store.db.updateTable('jobs').set({ deleted_at: Date.now() }).where('id', '=', job.id).execute();
      const res = await upload(
        dave,
        { path: 'x.jpg', mtime: '1' },
        { name: 'x', data: Buffer.from('x') },
        { job: job.id },
      );
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ error: 'Job has been deleted' });
    });
  });

  describe('quota', () => {
    it("answers 413 'Out of storage' when the declared size is over the quota, before reading", async () => {
      const erin = await t.signUp();
      await setMaxSpace(t, erin.userId, 10_000);
      const res = await upload(
        erin,
        { path: 'big.jpg', mtime: '1' },
        { name: 'big.jpg', data: Buffer.alloc(200_000, 1) },
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: 'Out of storage' });
      expect(await usedSpace(erin.userId)).toBe(0);
    });

    it('answers 413 while streaming a body whose length is not declared', async () => {
      const frank = await t.signUp();
      await setMaxSpace(t, frank.userId, 150_000);
      const blobsBefore = (await blobKeys()).length;
      const { body, contentType } = multipartBody(
        { path: 'big.bin', mtime: '1' },
        { name: 'big.bin', data: Buffer.alloc(400_000, 7) },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/st/4/jobs/default/upload',
        headers: { authorization: frank.auth, 'content-type': contentType, 'transfer-encoding': 'chunked' },
        payload: Readable.from([body.subarray(0, 100_000), body.subarray(100_000)]),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: 'Out of storage' });
      expect(await usedSpace(frank.userId)).toBe(0);
      expect((await blobKeys()).length).toBe(blobsBefore);
      // Refused mid-stream: its staging file went with the refusal.
      expect(await stagingFiles()).toEqual([]);
    });

    it('accepts a file that fits and refuses the next that does not', async () => {
      const gina = await t.signUp();
      await setMaxSpace(t, gina.userId, 300_000);
      const ok = await upload(
        gina,
        { path: 'a.bin', mtime: '1' },
        { name: 'a.bin', data: Buffer.alloc(200_000, 2) },
      );
      expect(ok.statusCode).toBe(201);
      const over = await upload(
        gina,
        { path: 'b.bin', mtime: '1' },
        { name: 'b.bin', data: Buffer.alloc(200_000, 3) },
      );
      expect(over.statusCode).toBe(413);
      expect(await usedSpace(gina.userId)).toBe(200_000);
    });
  });

  it('streams a 50 MB body and stores its checksum', async () => {
    const size = 50 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024);
    const hash = createHash('sha256');
    const boundary = 'nordlys-big-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\nbig/stream.bin\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="mtime"\r\n\r\n1\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stream.bin"\r\n\r\n`,
    );
    async function* body() {
      yield head;
      for (let i = 0; i < size / chunk.length; i += 1) {
        chunk.fill(i % 251);
        hash.update(chunk);
        yield Buffer.from(chunk);
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/st/4/jobs/default/upload',
      headers: { authorization: alice.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from(body()),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ size, checksum: hash.digest('hex'), file_type: 'Documents' });
  }, 60_000);

  /** The app on a real socket, listening from the first test that needs it. */
  async function listening(): Promise<net.AddressInfo> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return t.app.server.address() as net.AddressInfo;
  }

  it('stores the bytes sent over a real socket as sent, though the request frees its chunks once stored', async () => {
    const { port } = await listening();
    // Pieces of the boundary's start all through the file: the multipart parser holds such bytes
    // back in a buffer of its own, and hands on views that do not cover a whole chunk.
    const data = randomBytes(12 * 1024 * 1024 + 321);
    for (let at = 1000; at < data.length - 8; at += 65_531) data.write('\r\n--', at, 'latin1');
    const { body, contentType } = multipartBody(
      { path: 'socket/real.bin', mtime: '1', checksum: sha256(data) },
      { name: 'real.bin', data },
    );
    const reply = await fetch(`http://127.0.0.1:${port}/st/4/jobs/default/upload`, {
      method: 'POST',
      headers: { authorization: alice.auth, 'content-type': contentType },
      body: new Uint8Array(body),
    });
    expect(reply.status).toBe(201);
    const file = await reply.json();
    expect(file).toMatchObject({ size: data.length, checksum: sha256(data) });
    const row = await t.store.db
      .selectFrom('contents')
      .select('blob_key')
      .where('sha256', '=', sha256(data))
      .executeTakeFirstOrThrow();
    const stored: Buffer[] = [];
    for await (const chunk of (await t.blobs.get(row.blob_key)) as AsyncIterable<Buffer>) stored.push(chunk);
    expect(Buffer.concat(stored).equals(data)).toBe(true);
  }, 60_000);

  it('leaves no file, no blob and the same used_space when the connection is cut mid-upload', async () => {
    const henry = await t.signUp();
    const address = await listening();
    const data = Buffer.alloc(4 * 1024 * 1024, 9);
    const { body, contentType } = multipartBody(
      { path: 'cut/big.bin', mtime: '1' },
      { name: 'big.bin', data },
    );
    const staged = path.join(t.dataDir, 'blobs', '.tmp');
    const blobsBefore = (await blobKeys()).length;
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(address.port, '127.0.0.1', () => {
        socket.write(
          `POST /st/4/jobs/default/upload HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${henry.auth}\r\n` +
            `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        socket.write(body.subarray(0, Math.floor(body.length / 2)), () => {
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 300);
        });
      });
      socket.on('error', reject);
    });
    // The server notices the close, aborts the blob write and removes its staged file. Thumbnail
    // work of earlier tests stages files there too, so ours is told apart by its bytes.
    const ourStagedFiles = () =>
      (fs.existsSync(staged) ? fs.readdirSync(staged) : []).filter((name) => {
        try {
          const head = Buffer.alloc(16);
          const fd = fs.openSync(path.join(staged, name), 'r');
          const read = fs.readSync(fd, head, 0, 16, 0);
          fs.closeSync(fd);
          return read > 0 && head.subarray(0, read).every((byte) => byte === 9);
        } catch {
          return false;
        }
      });
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && ourStagedFiles().length > 0) await new Promise((r) => setTimeout(r, 50));
    expect(ourStagedFiles()).toEqual([]);
    expect((await blobKeys()).length).toBe(blobsBefore);
    const files = await t.store.db
      .selectFrom('files')
      .select('id')
      .where('user_id', '=', henry.userId)
      .execute();
    expect(files).toEqual([]);
    expect(await usedSpace(henry.userId)).toBe(0);
  });
});
