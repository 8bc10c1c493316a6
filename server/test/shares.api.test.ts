import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PUBLIC_JOB_AUTH_FAILED } from '@nordlys/contract/album';
import { albumIdToB64 } from '@nordlys/contract/album-id';
import type { FileRecord } from '@nordlys/contract/file';
import { SHARE_PASSWORD_HEADER, type Share, type ShareFile } from '@nordlys/contract/share';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../src/identity/login-throttle';
import type { MediaWorker } from '../src/media/pipeline/scaled-out-worker';
import { albumApi } from './album-test-helpers';
import { decodeQp } from './mail-test-helpers';
import { fixture, startWorkerIfScaledOut } from './media-test-content';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { type Auth, uploadAt } from './timeline-test-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Delivered {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP peer on loopback that keeps every message it is given. */
async function startSmtpPeer() {
  const inbox: Delivered[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { inbox, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(databaseKinds)('shares (%s)', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  // The server's clock runs (media tasks wait on it) and tests move it on by `offset`.
  let offset = 0;
  const clock = () => Date.now() + offset;
  let owner: Auth;
  let stranger: Auth;
  let photos: FileRecord[];
  let unshared: FileRecord;
  let worker: MediaWorker | null;

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    who: Auth | null,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(who ? { authorization: who.auth } : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
  const createShare = async (fileIds: string[], password?: string) => {
    const res = await call('POST', '/st/4/shares', owner, {
      file_ids: fileIds,
      ...(password ? { password } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; link: string };
  };
  const readShare = async (id: string, who: Auth | null = null, headers: Record<string, string> = {}) =>
    call('GET', `/st/4/shares/${id}`, who, undefined, headers);

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp(kind, {
      clock,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Nordlys <no-reply@nordlys.test>' },
    });
    worker = await startWorkerIfScaledOut(t);
    owner = await t.signUp({ name: 'Åse Owner' });
    stranger = await t.signUp({ name: 'Stranger' });
    const photo = fixture('photo-exif.jpg');
    photos = [
      await uploadAt(t, owner, 'one.jpg', 1_700_000_000, photo),
      await uploadAt(t, owner, 'two.png', 1_700_000_100, fixture('screenshot_20240315_101500.png')),
      await uploadAt(t, owner, 'notes.pdf', 1_700_000_200, fixture('document.pdf')),
    ];
    unshared = await uploadAt(t, owner, 'private.jpg', 1_700_000_300, fixture('rotated-orientation6.jpg'));
    await t.app.mediaProcessing.onIdle();
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await smtp?.close();
  });

  it('creates a link valid 30 days that a signed-out visitor reads, pictures and documents apart', async () => {
    const ids = photos.map((p) => p.fileID);
    const { id, link } = await createShare(ids);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link).toMatch(new RegExp(`/share/${id}$`));
    const res = await readShare(id);
    expect(res.statusCode, res.body).toBe(200);
    const share = res.json() as Share;
    expect(share.owner).toMatchObject({ userID: owner.userId, name: 'Åse Owner' });
    expect(share.isAlbum).toBe(false);
    expect(Math.abs(share.expires - (clock() + 30 * DAY_MS))).toBeLessThan(5_000);
    expect(share.thumbFiles.map((f) => f.fileID)).toEqual([photos[0]?.fileID, photos[1]?.fileID]);
    expect(share.docFiles.map((f) => f.fileID)).toEqual([photos[2]?.fileID]);
    expect(share.docFiles[0]?.thumbURLSmall).toBeNull();

    // The visitor's URLs work without a session: thumbnail and the bytes.
    const thumb = await t.app.inject({ url: share.thumbFiles[0]?.thumbURLSmall as string });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toContain('image/');
    const download = await t.app.inject({ url: share.docFiles[0]?.downloadURL as string });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(fixture('document.pdf'))).toBe(true);
  });

  it("refuses files that are not the caller's, bad bodies, signed-out and read-only callers", async () => {
    const theirs = await uploadAt(t, stranger, 'theirs.jpg', 1_700_000_000);
    const foreign = await call('POST', '/st/4/shares', owner, {
      file_ids: [photos[0]?.fileID, theirs.fileID],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('body.file_ids/1 not found');
    const empty = await call('POST', '/st/4/shares', owner, { file_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain('file_ids');
    expect((await call('POST', '/st/4/shares', null, { file_ids: [photos[0]?.fileID] })).statusCode).toBe(
      401,
    );
    const readOnly = await t.signUp({ name: 'Reader' });
    await albumApi(t).readOnly(readOnly);
    const mine = await uploadAt(t, owner, 'ro.jpg', 1_700_000_000);
    const refused = await call('POST', '/st/4/shares', readOnly, { file_ids: [mine.fileID] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('read_only_user');
    const count = await t.store.db
      .selectFrom('shares')
      .select(t.store.db.fn.countAll().as('n'))
      .executeTakeFirst();
    const before = Number(count?.n);
    expect((await call('POST', '/st/4/shares', owner, { file_ids: ['nope'] })).statusCode).toBe(404);
    const after = await t.store.db
      .selectFrom('shares')
      .select(t.store.db.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(before);
    expect((await readShare('AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await readShare('not-an-id')).statusCode).toBe(400);
  });

  it("a share's media URLs open its own files only", async () => {
    const { id } = await createShare([photos[0]?.fileID as string]);
    const share = (await readShare(id)).json() as Share;
    const url = share.thumbFiles[0]?.thumbURLSmall as string;
    expect(url).toContain(`share=${id}`);
    expect((await t.app.inject({ url })).statusCode).toBe(200);

    // Another file of the same job, by the same signature: refused, and so is its download.
    const other = url.replace(photos[0]?.fileID as string, unshared.fileID);
    expect((await t.app.inject({ url: other })).statusCode).toBe(403);
    const download = (share.thumbFiles[0] as ShareFile).downloadURL.replaceAll(
      photos[0]?.fileID as string,
      unshared.fileID,
    );
    expect((await t.app.inject({ url: download })).statusCode).toBe(403);
    // The signature without the share it belongs to, or moved to another share, opens nothing.
    expect((await t.app.inject({ url: url.replace(/&share=[^&]+/, '') })).statusCode).toBe(403);
    const second = await createShare([unshared.fileID]);
    expect((await t.app.inject({ url: other.replace(`share=${id}`, `share=${second.id}`) })).statusCode).toBe(
      403,
    );
  });

  it('stops for the owner only; a stopped link and its media answer no more', async () => {
    const { id } = await createShare([photos[0]?.fileID as string]);
    const thumb = ((await readShare(id)).json() as Share).thumbFiles[0]?.thumbURLSmall as string;
    expect((await call('DELETE', `/st/4/shares/${id}`, stranger)).statusCode).toBe(403);
    expect((await call('DELETE', `/st/4/shares/${id}`, null)).statusCode).toBe(401);
    expect((await readShare(id)).statusCode).toBe(200);
    expect((await call('DELETE', `/st/4/shares/${id}`, owner)).statusCode).toBe(204);
    expect((await readShare(id)).statusCode).toBe(404);
    expect((await t.app.inject({ url: thumb })).statusCode).toBe(403);
    expect((await call('DELETE', `/st/4/shares/${id}`, owner)).statusCode).toBe(404);
  });

  it('expires after 30 days: 31 days on, the link and its media answer no more', async () => {
    const { id } = await createShare([photos[0]?.fileID as string]);
    const thumb = ((await readShare(id)).json() as Share).thumbFiles[0]?.thumbURLSmall as string;
    try {
      offset = 29 * DAY_MS;
      expect((await readShare(id)).statusCode).toBe(200);
      offset = 31 * DAY_MS;
      expect((await readShare(id)).statusCode).toBe(404);
      expect((await t.app.inject({ url: thumb })).statusCode).toBe(403);
      expect((await call('POST', `/st/4/shares/${id}/copy_to_timeline`, stranger)).statusCode).toBe(404);
    } finally {
      offset = 0;
    }
  });

  it('keeps a password only hashed; a wrong or missing one answers the public job auth failure', async () => {
    const { id } = await createShare([photos[0]?.fileID as string], 'sesam åpne');
    const row = await t.store.db
      .selectFrom('shares')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('sesam');

    const missing = await readShare(id);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error).toBe(PUBLIC_JOB_AUTH_FAILED);
    const wrong = await readShare(id, null, { [SHARE_PASSWORD_HEADER]: 'sesam' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(PUBLIC_JOB_AUTH_FAILED);
    // Header values are bytes: the client sends the password percent-encoded.
    const right = await readShare(id, null, { [SHARE_PASSWORD_HEADER]: encodeURIComponent('sesam åpne') });
    expect(right.statusCode, right.body).toBe(200);
    expect((await readShare(id, owner)).statusCode).toBe(200);
    expect((await call('POST', `/st/4/shares/${id}/copy_to_timeline`, stranger)).statusCode).toBe(403);
  });

  it('locks out password guesses from one address', async () => {
    const { id } = await createShare([photos[0]?.fileID as string], 'right one');
    const guess = (password: string) =>
      t.app.inject({
        url: `/st/4/shares/${id}`,
        remoteAddress: '203.0.113.9',
        headers: { [SHARE_PASSWORD_HEADER]: password },
      });
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerPair - 1; i += 1) {
      expect((await guess(`wrong ${i}`)).statusCode).toBe(403);
    }
    expect((await guess('the last wrong one')).statusCode).toBe(429);
    expect((await guess('right one')).statusCode).toBe(429);
    expect(
      (await t.app.inject({ url: `/st/4/shares/${id}`, headers: { [SHARE_PASSWORD_HEADER]: 'right one' } }))
        .statusCode,
    ).toBe(200);
  });

  it("copies the share's files into a signed-in visitor's timeline", async () => {
    const visitor = await t.signUp({ name: 'Visitor' });
    const { id } = await createShare([photos[0]?.fileID as string, photos[1]?.fileID as string]);
    expect((await call('POST', `/st/4/shares/${id}/copy_to_timeline`, null)).statusCode).toBe(401);
    const res = await call('POST', `/st/4/shares/${id}/copy_to_timeline`, visitor);
    expect(res.statusCode, res.body).toBe(200);
    const { copied } = res.json() as { copied: { from: string; to: string }[] };
    expect(copied.map((c) => c.from).sort()).toEqual([photos[0]?.fileID, photos[1]?.fileID].sort());
    const files = await t.store.db
      .selectFrom('files')
      .innerJoin('jobs', 'jobs.id', 'files.job_id')
      .select(['files.id', 'jobs.type'])
      .where('files.user_id', '=', visitor.userId)
      .execute();
    expect(files.map((f) => f.id).sort()).toEqual(copied.map((c) => c.to).sort());
    expect(files.every((f) => f.type === 'timeline')).toBe(true);
  });

  it('sends the link by e-mail to the SMTP peer, in the sender’s language', async () => {
    const { id, link } = await createShare([photos[0]?.fileID as string, photos[1]?.fileID as string]);
    await t.store.db.updateTable('users').set({ language: 'nb_NO' }).where('id', '=', owner.userId).execute();
    const bad = await call('POST', `/st/4/shares/${id}/email`, owner, {
      recipients: ['ok@example.com', 'not an address'],
      subject: 'Bilder',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('body.recipients/1 is not an e-mail address');
    const noSubject = await call('POST', `/st/4/shares/${id}/email`, owner, {
      recipients: ['ok@example.com'],
      subject: '',
    });
    expect(noSubject.statusCode).toBe(400);
    expect(
      (
        await call('POST', `/st/4/shares/${id}/email`, stranger, {
          recipients: ['a@example.com'],
          subject: 's',
        })
      ).statusCode,
    ).toBe(403);
    expect(smtp.inbox).toHaveLength(0);

    const res = await call('POST', `/st/4/shares/${id}/email`, owner, {
      recipients: ['kari@example.com', 'ola@example.org'],
      subject: 'Bilder fra turen',
      message: 'Se her!',
    });
    expect(res.statusCode, res.body).toBe(204);
    // One message per reader, each with a link to that reader's own e-mail settings.
    expect(smtp.inbox.map((delivered) => delivered.to)).toEqual([['kari@example.com'], ['ola@example.org']]);
    const mail = smtp.inbox[0] as Delivered;
    expect(decodeQp(mail.data)).toMatch(
      /E-postinnstillinger: http:\/\/[^/]+\/emailSettings\?id=[A-Za-z0-9_-]{32}/,
    );
    expect(decodeQp(mail.data)).not.toContain(
      /emailSettings\?id=([A-Za-z0-9_-]+)/.exec(decodeQp((smtp.inbox[1] as Delivered).data))?.[1],
    );
    expect(mail.from).toBe('no-reply@nordlys.test');
    expect(mail.data).toContain('Subject: Bilder fra turen');
    const body = decodeQp(mail.data);
    // core.md §2: an e-mailed link ends in #se, in the text and the button alike.
    expect(body).toContain(`${link}#se`);
    expect(body).toContain(`href="${link}#se"`);
    expect(body).toContain('har delt 2 filer med deg');
    expect(body).toContain('Se her!');
    expect(mail.data).toContain('text/html');
    expect(mail.data).toContain('text/plain');
  });

  it("publishes a shared album's link by e-mail, for its owner only", async () => {
    const albums = albumApi(t);
    const album = await albums.create(owner, { name: 'Hytta', public: 1 });
    const before = smtp.inbox.length;
    const bad = await call('POST', `/st/4/jobs/${album.id}/publish`, owner, {
      to_email: 'a@example.com, nope',
      subject: 's',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('body.to_email/1 is not an e-mail address');
    expect(
      (
        await call('POST', `/st/4/jobs/${album.id}/publish`, stranger, {
          to_email: 'a@example.com',
          subject: 's',
        })
      ).statusCode,
    ).toBe(403);
    const res = await call('POST', `/st/4/jobs/${album.id}/publish`, owner, {
      to_email: 'kari@example.com, per@example.com',
      subject: 'Album',
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(smtp.inbox).toHaveLength(before + 2);
    const mail = smtp.inbox.at(-2) as Delivered;
    expect(smtp.inbox.slice(-2).map((delivered) => delivered.to)).toEqual([
      ['kari@example.com'],
      ['per@example.com'],
    ]);
    expect(decodeQp(mail.data)).toContain(`/a/${albumIdToB64(album.id)}#se`);
    expect(decodeQp(mail.data)).toContain('Hytta');
    const priv = await albums.create(owner, { name: 'Privat' });
    expect(
      (
        await call('POST', `/st/4/jobs/${priv.id}/publish`, owner, {
          to_email: 'a@example.com',
          subject: 's',
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('mail without SMTP', () => {
  it('writes the message to the outbox folder', async () => {
    const t = await createTestApp('sqlite');
    try {
      const owner = await t.signUp({ name: 'Outbox Owner' });
      const file = await uploadAt(t, owner, 'a.txt', 1_700_000_000);
      const created = await t.app.inject({
        method: 'POST',
        url: '/st/4/shares',
        headers: { authorization: owner.auth },
        payload: { file_ids: [file.fileID] },
      });
      const { id, link } = created.json() as { id: string; link: string };
      const sent = await t.app.inject({
        method: 'POST',
        url: `/st/4/shares/${id}/email`,
        headers: { authorization: owner.auth },
        payload: { recipients: ['someone@example.com'], subject: 'A file' },
      });
      expect(sent.statusCode, sent.body).toBe(204);
      const outbox = path.join(t.dataDir, 'outbox');
      const files = fs.readdirSync(outbox);
      expect(files).toHaveLength(1);
      const eml = fs.readFileSync(path.join(outbox, files[0] as string), 'utf8');
      expect(eml).toContain('To: someone@example.com');
      expect(eml).toContain('Subject: A file');
      expect(decodeQp(eml)).toContain(link);
    } finally {
      await t.close();
    }
  });
});

describe('link previews', () => {
  it('puts Open Graph tags in the page of an unprotected share only', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-web-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><title>N</title></head><body></body></html>',
    );
    const t = await createTestApp('sqlite', { webDist });
    try {
      const owner = await t.signUp({ name: 'Preview <Owner>' });
      const photo = await uploadAt(t, owner, 'p.jpg', 1_700_000_000, fixture('photo-exif.jpg'));
      const make = async (password?: string) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/st/4/shares',
            headers: { authorization: owner.auth },
            payload: { file_ids: [photo.fileID], ...(password ? { password } : {}) },
          })
        ).json() as { id: string };
      const open = await make();
      const page = await t.app.inject({ url: `/share/${open.id}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<meta property="og:title" content="Preview &#60;Owner&#62; · 1 file">');
      expect(page.body).toMatch(
        new RegExp(
          `<meta property="og:image" content="[^"]*/th/3/${photo.fileID}\\?area=1280[^"]*share=${open.id}`,
        ),
      );
      const locked = await make('secret words');
      const lockedPage = await t.app.inject({ url: `/share/${locked.id}` });
      expect(lockedPage.statusCode).toBe(200);
      expect(lockedPage.body).not.toContain('og:');
      expect((await t.app.inject({ url: '/share/AAAAAAAAAAAAAAAAAAAAAA' })).body).not.toContain('og:');
    } finally {
      await t.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});
