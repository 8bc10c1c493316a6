import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exifToolPids } from '../src/media/exiftool';
import { fixture, PHOTO_EXIF_FACTS } from './media-test-content';
import { createUserIn } from './process-user';
import { buildServer, freePort, startServerProcess } from './server-process';
import { createTestApp } from './test-app';
import { databaseKinds, makeTempDir } from './test-database';
import { multipartBody, postUpload } from './upload-helpers';

const packaged = ffmpegInstaller.path;

let server: { entry: string; cleanup(): void };
let dataDir: string;
beforeAll(async () => {
  server = await buildServer();
  dataDir = makeTempDir();
}, 120_000);
afterAll(() => {
  server?.cleanup();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function healthOf(env: Record<string, string>) {
  const running = await startServerProcess(server.entry, { DATA_DIR: dataDir, ...env });
  try {
    const res = await fetch(`${running.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    return (await res.json()) as { details: { ffmpeg: { path: string; source: string; version: string } } };
  } finally {
    await running.kill9();
  }
}

/** The compiled server as a process: which ffmpeg it runs is said in /healthz's details. */
describe('media tools of a server process', () => {
  it('runs the ffmpeg FFMPEG_PATH names, and says so with its version', async () => {
    const { details } = await healthOf({ FFMPEG_PATH: packaged });
    expect(details.ffmpeg).toEqual({ path: packaged, source: 'env', version: expect.stringMatching(/\S/) });
  }, 60_000);

  it('prefers an ffmpeg on PATH to the packaged build', async () => {
    const bin = path.join(dataDir, 'system-bin');
    fs.mkdirSync(bin, { recursive: true });
    fs.symlinkSync(packaged, path.join(bin, 'ffmpeg'));
    const { details } = await healthOf({ PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` });
    expect(details.ffmpeg).toMatchObject({ path: path.join(bin, 'ffmpeg'), source: 'system' });
  }, 60_000);

  it('falls back to the packaged build when there is none', async () => {
    const empty = path.join(dataDir, 'empty-bin');
    fs.mkdirSync(empty, { recursive: true });
    const { details } = await healthOf({ PATH: empty });
    expect(details.ffmpeg).toMatchObject({ path: packaged, source: 'packaged' });
  }, 60_000);

  it('does not start with a FFMPEG_PATH that names no program, and says why', async () => {
    const child = spawn(process.execPath, [server.entry], {
      env: {
        ...(process.env as Record<string, string>),
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        FFMPEG_PATH: '/no/such/ffmpeg',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(78);
    expect(stderr).toContain('FFMPEG_PATH must name an executable file (got "/no/such/ffmpeg")');
  }, 60_000);
});

/** The ExifTool children (perl running the vendored script) whose parent is `parent`, from /proc. */
function exifToolChildrenOf(parent: number): number[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      return ppid === parent && command.includes('exiftool') ? [Number(entry)] : [];
    } catch {
      return []; // exited while being read
    }
  });
}

/** Gone, or dead and waiting only to be reaped: in either case no longer running. */
function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe.each(databaseKinds)('ExifTool in the app on %s', (kind) => {
  it('is started by the first picture read and ended when the app closes', async () => {
    const t = await createTestApp(kind);
    let pids: number[];
    try {
      expect(await exifToolPids()).toEqual([]);
      const alice = await t.signUp();
      const res = await postUpload(t, alice.auth, 'Camera/photo-exif.jpg', fixture('photo-exif.jpg'));
      expect(res.statusCode).toBe(201);
      pids = await exifToolPids();
      expect(pids.length).toBeGreaterThan(0);
      expect(exifToolChildrenOf(process.pid)).toEqual(expect.arrayContaining(pids));
    } finally {
      await t.close();
    }
    expect(await exifToolPids()).toEqual([]);
    expect(pids.filter(isRunning)).toEqual([]);
    expect(exifToolChildrenOf(process.pid).filter(isRunning)).toEqual([]);
  }, 60_000);
});

describe('ExifTool in a server process', () => {
  it('reads camera facts in the compiled server and ends with it on SIGTERM', async () => {
    const running = await startServerProcess(server.entry, { DATA_DIR: dataDir });
    let pids: number[] = [];
    try {
      const auth = await createUserIn({ kind: 'sqlite', file: path.join(dataDir, 'nordlys.sqlite') }, 'Exif');
      const { body, contentType } = multipartBody(
        { path: 'Camera/photo-exif.jpg', mtime: '1700000000' },
        { name: 'photo-exif.jpg', data: fixture('photo-exif.jpg') },
      );
      const res = await fetch(`${running.baseUrl}/st/4/jobs/default/upload`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': contentType },
        body: new Uint8Array(body),
      });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({
        width: 1600,
        height: 1200,
        timestamp: Date.parse('2023-07-14T18:32:05+02:00') / 1000,
      });
      const meta = await fetch(
        `${running.baseUrl}/st/4/jobs/default/metadata/${encodeURIComponent('Camera/photo-exif.jpg')}`,
        { headers: { authorization: auth } },
      );
      expect(await meta.json()).toMatchObject(PHOTO_EXIF_FACTS);
      pids = exifToolChildrenOf(running.child.pid as number);
      expect(pids.length).toBeGreaterThan(0);
      const exited = new Promise((resolve) => running.child.once('exit', resolve));
      running.child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      await running.kill9();
    }
    expect(pids.filter(isRunning)).toEqual([]);
  }, 60_000);
});
