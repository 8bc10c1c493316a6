import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Compiles the server (as `npm run build -w server` does) into a folder of this test's own, so a
 * test can run it as a real process whether or not `server/dist` exists, without racing a build
 * of it. Under node_modules so the bundle's package imports resolve; removed by `cleanup`.
 */
export async function buildServer(): Promise<{ entry: string; cleanup(): void }> {
  const dir = path.join(repoRoot, 'node_modules/.cache/nordlys-test-server', randomUUID());
  await promisify(execFile)(process.execPath, [path.join(repoRoot, 'server/build.mjs')], {
    env: { ...process.env, SERVER_BUILD_DIR: dir },
  });
  return {
    entry: path.join(dir, 'main.mjs'),
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A port nothing listens on now, for a server process to take. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ServerProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** SIGKILL: no handler runs, nothing is flushed or cleaned up, as in a crash or an OOM kill. */
  kill9(): Promise<void>;
}

/** Starts the compiled server on `env` (DATA_DIR, DATABASE_URL ...) and waits until it answers. */
export async function startServerProcess(entry: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      WEB_DIST: path.join(env.DATA_DIR ?? repoRoot, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become healthy within 60 s');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    baseUrl,
    port,
    child,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Opens a raw HTTP request and sends its head and the first `sentBytes` of `body`, leaving it
 * mid-flight (the rest is never sent). Resolves once those bytes are written to the socket.
 */
export async function beginRequest(
  port: number,
  head: string,
  body: Buffer,
  sentBytes: number,
): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      socket.write(body.subarray(0, sentBytes), () => resolve(socket));
    });
    // The server is killed under it: the socket's end is expected.
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

/** One server process at a time on the same data, started again after every kill. */
export class CrashingServer {
  private running: ServerProcess | undefined;

  constructor(
    private readonly entry: string,
    private readonly env: Record<string, string>,
  ) {}

  get baseUrl(): string {
    if (!this.running) throw new Error('the server is not running');
    return this.running.baseUrl;
  }

  async start(): Promise<void> {
    this.running = await startServerProcess(this.entry, this.env);
  }

  async kill9(): Promise<void> {
    await this.running?.kill9();
  }

  async stop(): Promise<void> {
    await this.kill9();
    this.running = undefined;
  }
}

/** One API call to a server process with a JSON body (or none); answers its status and text. */
export async function callServer(
  baseUrl: string,
  auth: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const res = await fetch(new URL(url, baseUrl), {
    method,
    headers: {
      authorization: auth,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text() };
}
