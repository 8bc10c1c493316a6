import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, freePort, startServerProcess } from './server-process';
import { makeTempDir } from './test-database';

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
