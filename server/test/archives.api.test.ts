import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ARCHIVE_LINK_TTL_SECONDS, type ArchiveLink } from '@nordlys/contract/archive';
import { SHARE_PASSWORD_HEADER } from '@nordlys/contract/share';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumApi } from './album-test-helpers';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds, makeTempDir } from './test-database';
import { type Auth, api, uploadAt, utc } from './timeline-test-helpers';

const FIXTURES = path.resolve(__dirname, '../../fixtures');

/** Writes a ZIP answer to disk and has Info-ZIP check every entry's CRC; answers the entry names. */
function unzipChecked(zip: Buffer): { names: string[]; dir: string } {
  const dir = makeTempDir();
  const file = path.join(dir, 'a.zip');
  fs.writeFileSync(file, zip);
  const test = execFileSync('unzip', ['-t', '-qq', file], { encoding: 'utf8', maxBuffer: 64 << 20 });
  expect(test).toBe('');
  const names = execFileSync('zipinfo', ['-1', file], { encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\n')
    .filter((line) => line.length > 0);
  return { names, dir };
}

describe.each(databaseKinds)('archive downloads on %s', (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let now = Date.UTC(2026, 2, 1, 12);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: () => now });
    http = api(t);
  });
  afterAll(async () => t?.close());

  const archive = (who: Auth | null, job: string, body: object) =>
    http.post(who, `/st/4/jobs/${job}/files_as_archive`, body);
  const link = (who: Auth | null, job: string, body: object) =>
    http.post(who, `/st/4/jobs/${job}/files_as_archive/link`, body);
  const follow = (url: string) => t.app.inject({ url });

  it('streams the named files as a valid ZIP: names kept apart, dates kept, UTF-8 download name', async () => {
    const alice = await t.signUp();
    const a = await uploadAt(t, alice, 'Trip/a.jpg', utc(2021, 6, 1), Buffer.from('first a'));
    const b = await uploadAt(t, alice, 'Other/a.jpg', utc(2022, 7, 2), Buffer.from('second a'));
    const c = await uploadAt(t, alice, 'notes.txt', utc(2023, 8, 3), Buffer.from('notes'));

    const res = await archive(alice, 'default', {
      file_ids: [a.fileID, b.fileID, c.fileID],
      flattened: true,
      zip_filename: 'Sommerferie på Hvaler',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Sommerferie p_ Hvaler.zip"; filename*=UTF-8''${encodeURIComponent('Sommerferie på Hvaler.zip')}`,
    );
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const { names, dir } = unzipChecked(res.rawPayload);
    expect(names).toEqual(['a.jpg', 'a (1).jpg', 'notes.txt']);

    execFileSync('unzip', ['-qq', path.join(dir, 'a.zip'), '-d', path.join(dir, 'out')]);
    expect(fs.readFileSync(path.join(dir, 'out', 'a (1).jpg'), 'utf8')).toBe('second a');
    expect(Math.floor(fs.statSync(path.join(dir, 'out', 'notes.txt')).mtimeMs / 1000)).toBe(utc(2023, 8, 3));

    // Not flattened, the folder paths are the entries' names.
    const whole = await archive(alice, 'default', {});
    expect(unzipChecked(whole.rawPayload).names.sort()).toEqual(['Other/a.jpg', 'Trip/a.jpg', 'notes.txt']);
  });

  it('converts HEIC to JPEG when asked, and keeps the original otherwise', async () => {
    const bea = await t.signUp();
    const heic = fs.readFileSync(path.join(FIXTURES, 'photo.heic'));
    const file = await uploadAt(t, bea, 'IMG_0001.HEIC', utc(2024, 1, 1), heic);

    const converted = await archive(bea, 'default', { file_ids: [file.fileID], heic_to_jpeg: true });
    expect(converted.statusCode, converted.body).toBe(200);
    const { names, dir } = unzipChecked(converted.rawPayload);
    expect(names).toEqual(['IMG_0001.jpg']);
    const jpeg = execFileSync('unzip', ['-p', path.join(dir, 'a.zip'), 'IMG_0001.jpg']);
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const original = await archive(bea, 'default', { file_ids: [file.fileID] });
    const kept = unzipChecked(original.rawPayload);
    expect(kept.names).toEqual(['IMG_0001.HEIC']);
    expect(execFileSync('unzip', ['-p', path.join(kept.dir, 'a.zip'), 'IMG_0001.HEIC']).equals(heic)).toBe(
      true,
    );
  });

  it('refuses strangers, files of another job, forged and expired links', async () => {
    const carol = await t.signUp();
    const dave = await t.signUp();
    const mine = await uploadAt(t, carol, 'mine.jpg', utc(2024, 2, 1));
    const his = await uploadAt(t, dave, 'his.jpg', utc(2024, 2, 1));

    expect((await archive(null, 'default', {})).statusCode).toBe(401);
    expect((await archive(dave, mine.jobID, {})).statusCode).toBe(404);
    expect((await link(dave, mine.jobID, { file_ids: [mine.fileID] })).statusCode).toBe(404);
    // Naming a file one may not read refuses the whole archive, in one's own job too.
    expect((await archive(dave, 'default', { file_ids: [his.fileID, mine.fileID] })).statusCode).toBe(403);
    expect((await link(dave, 'default', { file_ids: [his.fileID, mine.fileID] })).statusCode).toBe(403);
    expect((await archive(carol, 'default', { file_ids: ['not-a-uuid'] })).statusCode).toBe(400);
    expect((await archive(carol, 'default', { mode: 'everything' })).statusCode).toBe(400);

    const minted = await link(carol, 'default', { file_ids: [mine.fileID], zip_filename: 'x' });
    expect(minted.statusCode, minted.body).toBe(200);
    const { url, expires } = minted.json() as ArchiveLink;
    expect(expires).toBe(Math.floor(now / 1000) + ARCHIVE_LINK_TTL_SECONDS);
    expect(url).toMatch(
      new RegExp(`^/st/4/jobs/${mine.jobID}/files_as_archive\\?t=[\\w-]+&f=[\\w-]+&exp=\\d+&sig=`),
    );

    // A plain browser download: no auth header.
    const ok = await follow(url);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(unzipChecked(ok.rawPayload).names).toEqual(['mine.jpg']);

    // Another file swapped in, or another job, breaks the signature.
    const f = new URL(url, 'http://x').searchParams.get('f') as string;
    const swapped = url.replace(
      `f=${f}`,
      `f=${Buffer.from(his.fileID.replace(/-/g, ''), 'hex').toString('base64url')}`,
    );
    expect((await follow(swapped)).statusCode).toBe(403);
    expect((await follow(url.replace(mine.jobID, his.jobID))).statusCode).toBe(403);
    expect((await follow(`${url.slice(0, -2)}xx`)).statusCode).toBe(403);
    expect((await follow(url.replace(/&sig=.*$/, ''))).statusCode).toBe(403);

    now += (ARCHIVE_LINK_TTL_SECONDS + 1) * 1000;
    expect((await follow(url)).statusCode).toBe(403);
  });

  it('lets an album member download the album, by link too, and nobody else', async () => {
    const albums = albumApi(t);
    const erin = await t.signUp();
    const frank = await t.signUp();
    const album = await albums.create(erin, { name: 'Fjellet' });
    const added = await albums.addFile(erin, album.id, 'peak.jpg');

    const own = await archive(erin, album.id, { mode: 'takeout' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-disposition']).toContain('filename="Fjellet.zip"');
    expect(unzipChecked(own.rawPayload).names).toEqual(['peak.jpg']);
    expect((await archive(frank, album.id, {})).statusCode).toBe(403);
    // Takeout needs a signed-in user (account.md §6).
    expect((await archive(null, album.id, { mode: 'takeout' })).statusCode).toBe(401);

    const minted = (await link(erin, album.id, { file_ids: [added.album.fileID] })).json() as ArchiveLink;
    expect(unzipChecked((await follow(minted.url)).rawPayload).names).toEqual(['peak.jpg']);
  });

  it('serves the trash as an archive, signed-in or by link', async () => {
    const gina = await t.signUp();
    const gone = await uploadAt(t, gina, 'gone.jpg', utc(2024, 3, 1), Buffer.from('gone'));
    await uploadAt(t, gina, 'kept.jpg', utc(2024, 3, 1));
    expect(
      (await http.post(gina, '/st/4/jobs/default/delete_files', { file_uuids: [gone.fileID] })).statusCode,
    ).toBe(200);

    expect((await http.get(null, '/st/4/trash_can/files_as_archive')).statusCode).toBe(401);
    const res = await http.get(gina, '/st/4/trash_can/files_as_archive');
    expect(res.statusCode, res.body).toBe(200);
    expect(unzipChecked(res.rawPayload).names).toEqual(['gone.jpg']);

    const minted = await http.post(gina, '/st/4/trash_can/files_as_archive/link', {
      file_ids: [gone.fileID],
    });
    expect(minted.statusCode, minted.body).toBe(200);
    const { url } = minted.json() as ArchiveLink;
    expect(unzipChecked((await follow(url)).rawPayload).names).toEqual(['gone.jpg']);
    // A live file is not in the trash: naming it refuses the link.
    const live = await uploadAt(t, gina, 'live.jpg', utc(2024, 3, 1));
    const refused = await http.post(gina, '/st/4/trash_can/files_as_archive/link', {
      file_ids: [live.fileID],
    });
    expect(refused.statusCode).toBe(403);
  });

  it("packs a share's files for whoever may open the share, its password checked, by link too", async () => {
    const hanna = await t.signUp();
    const ivar = await t.signUp();
    const one = await uploadAt(t, hanna, 'Ferie/strand.jpg', utc(2024, 6, 1), Buffer.from('strand'));
    const two = await uploadAt(t, hanna, 'Ferie/strand.jpg', utc(2024, 6, 2), Buffer.from('strand 2'));
    const other = await uploadAt(t, hanna, 'other.jpg', utc(2024, 6, 3));
    const mine = await uploadAt(t, ivar, 'ivar.jpg', utc(2024, 6, 3));
    const share = async (fileIds: string[], password?: string, owner: Auth = hanna) => {
      const res = await http.post(owner, '/st/4/shares', {
        file_ids: fileIds,
        ...(password ? { password } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: string }).id;
    };
    const open = await share([two.fileID, one.fileID]);
    const shareLink = (id: string, body: object, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/st/4/shares/${id}/files_as_archive/link`,
        payload: body,
        headers,
      });

    // Anyone holding the link: no account, the files in the order shared, names kept apart.
    const direct = await t.app.inject({ url: `/st/4/shares/${open}/files_as_archive` });
    expect(direct.statusCode, direct.body).toBe(200);
    expect(direct.headers['content-disposition']).toContain('filename="Shared files.zip"');
    expect(unzipChecked(direct.rawPayload).names).toEqual(['Ferie/strand.jpg', 'Ferie/strand (1).jpg']);

    const minted = await shareLink(open, { flattened: true, zip_filename: 'Ferie' });
    expect(minted.statusCode, minted.body).toBe(200);
    const { url } = minted.json() as ArchiveLink;
    expect(url).toMatch(new RegExp(`^/st/4/shares/${open}/files_as_archive\\?t=`));
    const followed = await follow(url);
    expect(followed.headers['content-disposition']).toContain('filename="Ferie.zip"');
    expect(unzipChecked(followed.rawPayload).names).toEqual(['strand.jpg', 'strand (1).jpg']);

    // Files outside the share, or another user's, refuse the whole archive.
    expect((await shareLink(open, { file_ids: [one.fileID, other.fileID] })).statusCode).toBe(403);
    expect((await shareLink(open, { file_ids: [mine.fileID] })).statusCode).toBe(403);
    // A link signed for one share does not open another.
    const second = await share([other.fileID]);
    expect((await follow(url.replace(open, second))).statusCode).toBe(403);
    expect((await follow(`${url.slice(0, -2)}xx`)).statusCode).toBe(403);

    // A password share: no link and no archive without the password; with it, both.
    const locked = await share([other.fileID], 'hemmelig');
    expect((await shareLink(locked, {})).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/st/4/shares/${locked}/files_as_archive` })).statusCode).toBe(403);
    const withPassword = await shareLink(locked, {}, { [SHARE_PASSWORD_HEADER]: 'hemmelig' });
    expect(withPassword.statusCode, withPassword.body).toBe(200);
    const lockedUrl = (withPassword.json() as ArchiveLink).url;
    expect(unzipChecked((await follow(lockedUrl)).rawPayload).names).toEqual(['other.jpg']);
    // The owner needs no password.
    expect((await http.post(hanna, `/st/4/shares/${locked}/files_as_archive/link`, {})).statusCode).toBe(200);

    // Once the owner stops sharing, its links answer 404; a malformed id is a 400.
    const stopped = await t.app.inject({
      method: 'DELETE',
      url: `/st/4/shares/${open}`,
      headers: { authorization: hanna.auth },
    });
    expect(stopped.statusCode).toBe(204);
    expect((await follow(url)).statusCode).toBe(404);
    expect((await shareLink(open, {})).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/st/4/shares/abc/files_as_archive' })).statusCode).toBe(400);

    // Trashed files leave the archive; a share with none left has nothing to pack.
    const trashed = await share([mine.fileID], undefined, ivar);
    expect(
      (await http.post(ivar, '/st/4/jobs/default/delete_files', { file_uuids: [mine.fileID] })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: `/st/4/shares/${trashed}/files_as_archive` })).statusCode).toBe(404);
  });

  it('sends a slow reader over a socket every byte of entries many read buffers long', async () => {
    const jon = await t.signUp();
    // Distinct random bytes of odd lengths, several 1 MiB read buffers each and more in all than
    // the response's sixteen: a buffer reused while the socket still held it would show here.
    const contents = [9, 1, 8, 7].map((mib, i) => randomBytes(mib * 1024 * 1024 + 4_099 * (i + 1)));
    const files = [];
    for (const [i, bytes] of contents.entries())
      files.push(await uploadAt(t, jon, `big/${i}.bin`, utc(2024, 5, 1 + i), bytes));
    files.splice(2, 0, await uploadAt(t, jon, 'big/small.txt', utc(2024, 5, 9), Buffer.from('small')));
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });

    const body = JSON.stringify({ file_ids: files.map((f) => f.fileID) });
    const { zip, declared } = await new Promise<{ zip: Buffer; declared: number }>((resolve, reject) => {
      const request = httpRequest(`${address}/st/4/jobs/default/files_as_archive`, {
        method: 'POST',
        headers: { authorization: jon.auth, 'content-type': 'application/json' },
      });
      request.once('error', reject);
      request.once('response', (response) => {
        const chunks: Buffer[] = [];
        // Slower than the server: each chunk taken a timer turn later, so the socket fills up, the
        // server's writes queue and its reads wait for buffers to come back.
        const slow = new Writable({
          highWaterMark: 16 * 1024,
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            setTimeout(done, 1);
          },
        });
        pipeline(response, slow).then(
          () => resolve({ zip: Buffer.concat(chunks), declared: Number(response.headers['content-length']) }),
          reject,
        );
      });
      request.end(body);
    });
    expect(zip.length).toBe(declared);
    const { names, dir } = unzipChecked(zip);
    expect(names.sort()).toEqual(['big/0.bin', 'big/1.bin', 'big/2.bin', 'big/3.bin', 'big/small.txt']);
    for (const [i, bytes] of contents.entries()) {
      const entry = execFileSync('unzip', ['-p', path.join(dir, 'a.zip'), `big/${i}.bin`], {
        maxBuffer: 64 << 20,
      });
      expect(entry.equals(bytes), `big/${i}.bin`).toBe(true);
    }
  }, 120_000);

  // The writer does not depend on the database, and 65,540 entries take half a minute to write
  // and check: once, on SQLite, is enough.
  it.runIf(kind === 'sqlite')(
    'writes ZIP64 for more than 65,535 entries',
    async () => {
      const hank = await t.signUp();
      const one = await uploadAt(t, hank, 'seed.txt', utc(2024, 4, 1), Buffer.from('tiny'));
      const seed = await t.store.db
        .selectFrom('files')
        .selectAll()
        .where('id', '=', one.fileID)
        .executeTakeFirstOrThrow();
      const total = 65_540;
      // The same stored bytes under many names: rows are cheap, and the archive reads a few blobs.
      for (let start = 1; start < total; start += 1000) {
        const rows = [];
        for (let i = start; i < Math.min(start + 1000, total); i += 1) {
          rows.push({ ...seed, id: randomUUID(), path: `bulk/${i}.txt`, file_name: `${i}.txt` });
        }
        await t.store.db.insertInto('files').values(rows).execute();
      }
      const res = await archive(hank, 'default', {});
      expect(res.statusCode).toBe(200);
      const { names } = unzipChecked(res.rawPayload);
      expect(names.length).toBe(total);
      expect(new Set(names).size).toBe(total);
    },
    300_000,
  );
});
