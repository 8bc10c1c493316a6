import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runAdmin } from '../../server/src/cli/admin';

const root = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(root, 'server/dist/main.mjs');

export interface BenchServer {
  baseUrl: string;
  pid: number;
  dataDir: string;
  env: Record<string, string>;
  /** Milliseconds from spawning the process to the first healthy `/healthz` answer. */
  startupMs: number;
  /** Basic-auth header of a user created with the admin CLI. */
  auth: string;
  stop(): Promise<void>;
}

/** The device token inside the server's basic-auth header: what the web app keeps signed in. */
export const deviceTokenOf = (server: BenchServer): string =>
  Buffer.from(server.auth.replace(/^Basic /, ''), 'base64')
    .toString()
    .split(':')
    .slice(1)
    .join(':');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resident set size of a process in bytes, from /proc (Linux). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status);
  return kb ? Number(kb[1]) * 1024 : 0;
}

/**
 * CPU time (user + system) a process has used, in seconds, from /proc (Linux): all its threads, or
 * with `thread` (e.g. the pid itself: the main thread) that one thread's.
 */
export function cpuSecondsOf(pid: number, thread?: number): number {
  const stat = readFileSync(thread ? `/proc/${pid}/task/${thread}/stat` : `/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces and parentheses: the fields after it follow its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const CLOCK_TICKS_PER_SECOND = 100;
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** Resident set size of a process and all its descendants (threads count once, with their process). */
export function treeRssOf(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the parent pid follows its last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop() as number;
    try {
      total += rssOf(next);
    } catch {
      // the process ended while we looked
    }
    pending.push(...(children.get(next) ?? []));
  }
  return total;
}

/**
 * The real server as a child process, compiled as `npm start` runs it (plain node on server/dist, no
 * npm wrapper, so `pid` is the server itself)
 * on a temp data folder with SQLite, plus a user and a device token made with the admin CLI.
 */
export async function startBenchServer(extraEnv: Record<string, string> = {}): Promise<BenchServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error('the server is not built: run `npm run build` first');
  const dataDir = await mkdtemp(path.join(process.env.BENCH_TMPDIR ?? os.tmpdir(), 'nordlys-bench-'));
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'warn',
    DEFAULT_STORAGE_GIB: '1000',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(
    process.execPath,
    // BENCH_SERVER_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p".
    [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), SERVER_ENTRY],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const spawned = performance.now();
  let startupMs = 0;
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${baseUrl}/healthz`)).ok) {
          startupMs = performance.now() - spawned;
          break;
        }
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('server did not start within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    const auth = await createBenchUser(env);
    return {
      baseUrl,
      pid: child.pid!,
      startupMs,
      dataDir,
      env,
      auth,
      stop,
    };
  } catch (error) {
    // A failed start must not leave a server running in the background.
    await stop();
    throw error;
  }
}

/** A user made with the admin CLI over `env`'s database; answers its basic-auth header. */
export async function createBenchUser(env: Record<string, string>): Promise<string> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const quiet = () => {};
  await runAdmin(
    ['user:create', '--email', email, '--password', 'bench-password-1', '--name', 'Bench'],
    env,
    quiet,
  );
  let token = '';
  await runAdmin(['token:create', '--email', email, '--device', 'bench'], env, (line: string) => {
    token = line;
  });
  if (!token) throw new Error('the admin CLI did not print a device token');
  return `Basic ${Buffer.from(`bench:${token}`).toString('base64')}`;
}
