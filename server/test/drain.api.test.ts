import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountService } from '../src/services/account.service';
import { openStore } from '../src/store/database';
import { createRepositories } from '../src/store/repositories';
import { useBuiltServer } from './built-server';
import { beginRequest, type ServerProcess, startServerProcess } from './server-process';
import { basicAuth } from './test-app';
import { makeTempDir } from './test-database';

const MIB = 1024 * 1024;
const TOKEN = 'drain-scrape-token-0123456789';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The answer's status code, read off a raw socket once its head has arrived. */
function statusOf(socket: net.Socket): Promise<number> {
  return new Promise((resolve, reject) => {
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (match && head.includes('\r\n\r\n')) resolve(Number(match[1]));
    });
    socket.once('close', () => reject(new Error(`socket closed before an answer: ${head.slice(0, 80)}`)));
  });
}

const serverEntry = useBuiltServer();

/** SIGTERM on a real server process: it drains before it exits. */
describe('draining on SIGTERM', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let auth: string;
  let running: ServerProcess | undefined;
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    dataDir = makeTempDir();
    env = { DATA_DIR: dataDir, METRICS_TOKEN: TOKEN };
    const store = await openStore({ kind: 'sqlite', file: `${dataDir}/nordlys.sqlite` });
    try {
      const accounts = createAccountService({
        repos: createRepositories(store),
        clock: Date.now,
        defaultStorageGib: 1,
      });
      const user = await accounts.createUser({ email: `drain-${randomUUID()}@example.com`, name: 'Drain' });
      auth = basicAuth((await accounts.issueDeviceToken(user.id, { name: 'Drain test' })).token);
    } finally {
      await store.close();
    }
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await running?.kill9();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops taking requests, answers held polls, lets an upload chunk under way finish, then exits 0', async () => {
    const srv = await startServerProcess(serverEntry(), env);
    running = srv;
    const exited = new Promise<number | null>((resolve) => srv.child.once('exit', (code) => resolve(code)));
    const metric = async (series: string) => {
      const text = await (
        await fetch(`${srv.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
      ).text();
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return line === undefined ? 0 : Number(line.slice(series.length + 1));
    };

    const data = Buffer.alloc(2 * MIB, 3);
    const created = await fetch(`${srv.baseUrl}/st/4/tus`, {
      method: 'POST',
      headers: {
        authorization: auth,
        'tus-resumable': '1.0.0',
        'upload-length': String(data.length),
        'upload-metadata': metadata({ path: 'drain/file.bin', mtime: '1700000000', checksum: sha256(data) }),
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location') as string, srv.baseUrl).pathname;

    const poll = fetch(`${srv.baseUrl}/poll/jobs/default/poll?seq=1000000&hold_ms=30000`, {
      headers: { authorization: auth },
    });
    const head =
      `PATCH ${location} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth}\r\nTus-Resumable: 1.0.0\r\n` +
      `Upload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: ${data.length}\r\n\r\n`;
    const patch = await beginRequest(srv.port, head, data, MIB);
    sockets.push(patch);
    const patchStatus = statusOf(patch);
    await until(async () => (await metric('nordlys_long_polls_held')) === 1, 'the poll to be held');
    await until(
      async () => (await metric('nordlys_http_requests_in_flight{method="PATCH",route="/st/4/tus/*"}')) === 1,
      'the upload chunk to be under way',
    );

    srv.child.kill('SIGTERM');

    // The held poll is answered at once, so its client polls again (elsewhere).
    const polled = await poll;
    expect(polled.status).toBe(200);
    expect(await polled.json()).toEqual({ result: 'timeout' });
    // New requests are no longer taken: refused, or 503 while closing.
    await until(async () => {
      try {
        return (await fetch(`${srv.baseUrl}/readyz`)).status === 503;
      } catch {
        return true;
      }
    }, 'new requests to be turned away');
    expect(srv.child.exitCode).toBeNull();

    // The chunk under way is let finish: the upload completes, and only then does the process end.
    patch.write(data.subarray(MIB));
    expect(await patchStatus).toBe(204);
    expect(await exited).toBe(0);

    const again = await startServerProcess(serverEntry(), env);
    running = again;
    const tusId = location.split('/').pop() as string;
    const outcome = await fetch(`${again.baseUrl}/st/4/uploads/${tusId}`, {
      headers: { authorization: auth },
    });
    expect(await outcome.json()).toMatchObject({ status: 'done', file: { size: data.length } });
  }, 120_000);
});
