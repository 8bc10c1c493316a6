import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin';
import { useBuiltServer } from './built-server';
import { type ServerProcess, startServerProcess } from './server-process';
import { basicAuth } from './test-app';
import { makeTempDir } from './test-database';
import { multipartBody } from './upload-helpers';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const serverEntry = useBuiltServer();

/**
 * The embedded size's backup: taken by the admin CLI while a real server process serves the
 * library, restored into a new data folder, and read back by a second server started on it.
 */
describe('admin backup and restore of a running SQLite server', () => {
  const dirs: string[] = [];
  const running: ServerProcess[] = [];
  const folder = () => {
    const dir = makeTempDir('nordlys-backup-test-');
    dirs.push(dir);
    return dir;
  };
  const admin = async (env: Record<string, string>, ...argv: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin(argv, { ...env, LOG_LEVEL: 'silent' }, (line: string) => lines.push(line));
    return { code, lines, last: lines.at(-1) ?? '' };
  };
  const upload = (base: string, auth: string, name: string, data: Buffer) => {
    const { body, contentType } = multipartBody({ path: name, mtime: '1700000000' }, { name, data });
    return fetch(`${base}/st/4/jobs/default/upload`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': contentType },
      body: new Uint8Array(body),
    });
  };
  /** The job's files with the signed URL of each one's original bytes. */
  const listFiles = async (base: string, auth: string) => {
    const res = await fetch(`${base}/st/4/jobs/default/files?start=0&end=32503680000`, {
      headers: { authorization: auth },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { files: { path: string; previewURL: string }[] }).files;
  };

  afterAll(async () => {
    for (const srv of running) await srv.kill9();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('restores the account, its sign-in and its file bytes from a backup taken while the server ran', async () => {
    const live = { DATA_DIR: folder() };
    const email = `backup-${randomUUID()}@example.com`;
    expect(
      (await admin(live, 'user:create', '--email', email, '--password', 'hunter2hunter2', '--name', 'Bea'))
        .code,
    ).toBe(0);
    const auth = basicAuth((await admin(live, 'token:create', '--email', email)).last);
    const srv = await startServerProcess(serverEntry(), live);
    running.push(srv);

    const photo = randomBytes(300_000);
    expect((await upload(srv.baseUrl, auth, 'camera/before.bin', photo)).ok).toBe(true);

    const backup = folder();
    const taken = await admin(live, 'backup', '--to', backup);
    expect(taken.code).toBe(0);
    expect(taken.lines.filter((line) => line.startsWith('missing'))).toEqual([]);
    // Still serving after the backup; what is uploaded now is not in it.
    expect((await upload(srv.baseUrl, auth, 'camera/after.bin', randomBytes(1000))).ok).toBe(true);

    const restored = { DATA_DIR: path.join(folder(), 'data') };
    expect((await admin(restored, 'restore', '--from', backup)).code).toBe(0);
    const copy = await startServerProcess(serverEntry(), restored);
    running.push(copy);

    const account = await fetch(`${copy.baseUrl}/st/4/account_info`, { headers: { authorization: auth } });
    expect(account.status).toBe(200);
    expect(await account.json()).toMatchObject({ name: 'Bea', logged_in_as: email });

    const files = await listFiles(copy.baseUrl, auth);
    expect(files.map((f) => f.path)).toEqual(['camera/before.bin']);
    const [file] = files;
    const bytes = await fetch(new URL(file?.previewURL ?? '', copy.baseUrl));
    expect(bytes.status).toBe(200);
    expect(sha256(Buffer.from(await bytes.arrayBuffer()))).toBe(sha256(photo));
  }, 120_000);

  it('copies only blobs the backup folder lacks when backing up into it again', async () => {
    const live = { DATA_DIR: folder() };
    const email = `again-${randomUUID()}@example.com`;
    await admin(live, 'user:create', '--email', email, '--password', 'hunter2hunter2', '--name', 'Bo');
    const auth = basicAuth((await admin(live, 'token:create', '--email', email)).last);
    const srv = await startServerProcess(serverEntry(), live);
    running.push(srv);
    expect((await upload(srv.baseUrl, auth, 'a.bin', randomBytes(5000))).ok).toBe(true);
    const backup = folder();
    await admin(live, 'backup', '--to', backup);
    expect((await upload(srv.baseUrl, auth, 'b.bin', randomBytes(5000))).ok).toBe(true);
    const second = await admin(live, 'backup', '--to', backup);
    expect(second.last).toMatch(/ 1 new blobs \(1 already there\)/);

    // A blob gone from the data folder while its row stays (as a purge during a backup leaves
    // it) is named, not silently left out.
    const contentDir = path.join(live.DATA_DIR, 'blobs', 'content');
    const [prefix] = fs.readdirSync(contentDir);
    const [blob] = fs.readdirSync(path.join(contentDir, prefix as string));
    fs.rmSync(path.join(contentDir, prefix as string, blob as string));
    const third = await admin(live, 'backup', '--to', folder());
    expect(third.lines.filter((line) => line.startsWith('missing'))).toEqual([
      `missing content/${prefix}/${blob} (purged while the backup ran)`,
    ]);
  }, 120_000);

  it('refuses to restore over a data folder that holds a database, and PostgreSQL backups', async () => {
    const live = { DATA_DIR: folder() };
    await admin(
      live,
      'user:create',
      '--email',
      `x-${randomUUID()}@example.com`,
      '--password',
      'hunter2hunter2',
      '--name',
      'X',
    );
    const backup = folder();
    await admin(live, 'backup', '--to', backup);
    await expect(admin(live, 'restore', '--from', backup)).rejects.toThrow(
      'restore into a data folder without a database',
    );
    await expect(admin({ DATA_DIR: folder() }, 'restore', '--from', folder())).rejects.toThrow(
      'no backup at',
    );
    await expect(
      admin(
        { DATA_DIR: folder(), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
        'restore',
        '--from',
        backup,
      ),
    ).rejects.toThrow('pg_restore');
  }, 60_000);
});
