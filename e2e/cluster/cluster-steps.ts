import { createHash } from 'node:crypto';
import type { FileRecord } from '@nordlys/contract/file';
import { expect } from 'vitest';
import { METRICS_TOKEN, pidOf } from './rig';

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** Which process answered a scrape through `baseUrl` (the balancer, or one process directly). */
export async function answeringPid(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  return pidOf(await res.text());
}

export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  ms = 60_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One API caller over real HTTP: basic auth with a device token, against any base URL. */
export class Caller {
  constructor(readonly token: string) {}

  get auth() {
    return `Basic ${Buffer.from(`nordlys:${this.token}`).toString('base64')}`;
  }

  async call<T = unknown>(
    baseUrl: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: this.auth,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /** Begins a tus upload of `data` at `baseUrl`; answers its path. */
  async createTus(baseUrl: string, data: Buffer, filePath: string): Promise<string> {
    const created = await fetch(`${baseUrl}/st/4/tus`, {
      method: 'POST',
      headers: {
        authorization: this.auth,
        'tus-resumable': '1.0.0',
        'upload-length': String(data.length),
        'upload-metadata': tusMetadata({ path: filePath, mtime: '1700000000', checksum: sha256(data) }),
      },
    });
    expect(created.status).toBe(201);
    return new URL(created.headers.get('location') as string, baseUrl).pathname;
  }

  async upload(
    baseUrl: string,
    job: string,
    name: string,
    data: Buffer,
    headers: Record<string, string> = {},
  ) {
    const form = new FormData();
    form.append('path', `Cluster/${name}`);
    form.append('mtime', '1700000000');
    form.append('file', new Blob([new Uint8Array(data)]), name);
    const res = await fetch(`${baseUrl}/st/4/jobs/${job}/upload`, {
      method: 'POST',
      headers: { authorization: this.auth, ...headers },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return { file: (await res.json()) as FileRecord, headers: res.headers };
  }
}
