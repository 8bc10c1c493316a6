import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../server/test/server-process';
import { startS3rver } from '../../server/test/start-s3rver';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(repoRoot, 'server/dist/main.mjs');
const WORKER_ENTRY = path.join(repoRoot, 'server/dist/worker.mjs');
export const BUCKET = 'nordlys-cluster';
export const METRICS_TOKEN = 'cluster-rig-metrics-token';
/** Periodic work comes round this often in the rig, so a takeover shows within the run. */
export const PERIODIC_EVERY_SECONDS = 2;

export interface RigProcess {
  name: string;
  pid: number;
  /** Empty for the worker, which serves no HTTP. */
  baseUrl: string;
  log: string;
}

/** What tests read of a running rig (NORDLYS_CLUSTER_STATE names a file with it). */
export interface RigState {
  baseUrl: string;
  api: RigProcess[];
  worker: RigProcess;
  /** HAProxy's own log: servers going down and up. */
  balancerLog: string;
  databaseUrl: string;
  dataDir: string;
  env: Record<string, string>;
}

export interface Rig extends RigState {
  stop(): Promise<void>;
}

/** HAProxy from Debian: the package's binary, or whatever `haproxy` is on PATH. */
export function haproxyBinary(): string {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy']) {
    if (fs.existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('HAProxy is not installed: apt-get install haproxy');
  }
}

/**
 * Round robin over the API processes, each request on its own (no stickiness, no preference for
 * the last server), health-checked on /readyz; a request refused by a dead process is sent to
 * another. The balancer gives each request an X-Request-ID unless the client sent one.
 */
export function haproxyConfig(port: number, servers: { name: string; port: number }[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 120s',
    '  timeout server 120s',
    '  timeout http-request 60s',
    // A check waits as long as the readiness route may take (its own limit is 3 s per dependency).
    '  timeout check 5s',
    '  retries 3',
    '  option redispatch 1',
    'frontend api',
    `  bind 127.0.0.1:${port}`,
    '  http-request set-header X-Request-ID %[uuid()] unless { req.hdr(x-request-id) -m found }',
    '  default_backend processes',
    'backend processes',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 1',
    ...servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`),
    '',
  ].join('\n');
}

async function waitUntil(check: () => Promise<boolean>, what: string, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`cluster rig: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The scaled-out profile on this machine: a fresh PostgreSQL database, s3rver on loopback,
 * `apiProcesses` compiled API processes and one worker started at the same moment (so their
 * migrations meet the lock), and HAProxy in front, all on free ports, run as the current user
 * with every file in one temporary folder.
 */
export async function startRig(options: { apiProcesses?: number; adminUrl?: string } = {}): Promise<Rig> {
  const count = options.apiProcesses ?? 2;
  for (const entry of [SERVER_ENTRY, WORKER_ENTRY]) {
    if (!fs.existsSync(entry)) throw new Error('the server is not built: run `npm run build` first');
  }
  const haproxy = haproxyBinary();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-cluster-'));
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir);
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
    }
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    const adminUrl =
      options.adminUrl ??
      process.env.TEST_DATABASE_URL ??
      process.env.PG_ADMIN_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres';
    const database = `nordlys_cluster_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
    });
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${database}`;

    const s3 = await startS3rver(BUCKET);
    cleanups.push(s3.close);

    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl.toString(),
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      METRICS_TOKEN,
      PERIODIC_EVERY_SECONDS: String(PERIODIC_EVERY_SECONDS),
      TRUST_PROXY: '127.0.0.1',
      // Warnings and errors of the API processes; the worker logs each task it ends (with its request id).
      LOG_LEVEL: 'warn',
      // As the browser journeys run it: tus for files above 8 MiB.
      RESUMABLE_UPLOAD_THRESHOLD: String(8 * 1024 * 1024),
    };
    const spawnLogged = (name: string, entry: string, extra: Record<string, string>) => {
      const log = path.join(dir, `${name}.log`);
      const out = fs.openSync(log, 'a');
      const child = spawn(process.execPath, [entry], {
        cwd: repoRoot,
        env: { ...env, ...extra },
        stdio: ['ignore', out, out],
      });
      fs.closeSync(out);
      children.push(child);
      return { child, log };
    };

    const api: RigProcess[] = [];
    const ports: { name: string; port: number }[] = [];
    for (let i = 0; i < count; i += 1) {
      const name = `api${String.fromCharCode(97 + i)}`;
      const port = await freePort();
      const { child, log } = spawnLogged(name, SERVER_ENTRY, { PORT: String(port) });
      api.push({ name, pid: child.pid!, baseUrl: `http://127.0.0.1:${port}`, log });
      ports.push({ name, port });
    }
    const worker = spawnLogged('worker', WORKER_ENTRY, { LOG_LEVEL: 'info' });
    const workerProcess: RigProcess = {
      name: 'worker',
      pid: worker.child.pid!,
      baseUrl: '',
      log: worker.log,
    };

    for (const process of api) {
      await waitUntil(
        async () => (await fetch(`${process.baseUrl}/readyz`)).ok,
        `${process.name} to be ready`,
      );
    }
    await waitUntil(
      async () => fs.readFileSync(workerProcess.log, 'utf8').includes('media worker started'),
      'the worker',
    );

    const lbPort = await freePort();
    const config = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(config, haproxyConfig(lbPort, ports));
    const balancerLog = fs.openSync(path.join(dir, 'haproxy.log'), 'a');
    const balancer = spawn(haproxy, ['-f', config, '-db'], { stdio: ['ignore', balancerLog, balancerLog] });
    fs.closeSync(balancerLog);
    children.push(balancer);
    const baseUrl = `http://127.0.0.1:${lbPort}`;
    await waitUntil(async () => (await fetch(`${baseUrl}/readyz`)).ok, 'the balancer');
    // Both servers up in HAProxy's checks: every process gets its turn from the first request.
    const seen = new Set<string>();
    await waitUntil(async () => {
      const res = await fetch(`${baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      seen.add(pidOf(await res.text()));
      return seen.size === count;
    }, 'every API process to be in rotation');

    return {
      baseUrl,
      api,
      worker: workerProcess,
      balancerLog: path.join(dir, 'haproxy.log'),
      databaseUrl: databaseUrl.toString(),
      dataDir,
      env,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The process id a scrape of /metrics came from. */
export function pidOf(metricsText: string): string {
  return /nordlys_instance_info\{[^}]*pid="(\d+)"/.exec(metricsText)?.[1] ?? '';
}
