import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/test/server-process';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
/** The compiled server, as `npm start` runs it. */
const SERVER_ENTRY = path.join(repoRoot, 'server/dist/main.mjs');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts the real server the way `npm start` does (compiled, built web client, SQLite, blob folder) on a temp data dir. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-e2e-'));
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error('the server is not built: run `npm run build` first');
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    env,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
