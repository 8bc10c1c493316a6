import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from './media-test-content';
import { createTestApp, type TestApp } from './test-app';
import { multipartBody, postUpload } from './upload-helpers';

const TOKEN = 'scrape-token-0123456789';

const serialOf = async (t: TestApp, auth: string) => {
  const res = await t.app.inject({
    url: '/poll/jobs/default/poll?seq=0&hold_ms=0',
    headers: { authorization: auth },
  });
  const body = res.json() as { result: string; seq?: number };
  return body.seq ?? 0;
};

describe('metrics, off by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('has no /metrics at all', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
    expect(t.app.metrics).toBeNull();
  });
});

describe('metrics with METRICS_PORT: not on the app port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { METRICS_PORT: '9464', METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => t?.close());

  it('answers 404 on the app port, the token notwithstanding, while measuring for the port of their own', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(await t.app.metrics?.registry.metrics()).toContain('nordlys_http_requests_total');
  });
});

describe('metrics with METRICS_TOKEN, and request ids', () => {
  let t: TestApp;
  let auth: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { METRICS_TOKEN: TOKEN } });
    auth = (await t.signUp()).auth;
  });
  afterAll(async () => t?.close());

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('refuses a scrape without the token or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, auth]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Unauthorized' });
    }
  });

  it('counts requests per route pattern and status, with their latency', async () => {
    for (let i = 0; i < 3; i += 1) await t.app.inject({ url: '/healthz' });
    await t.app.inject({ url: '/st/4/account_info' });
    const text = await scrape();
    expect(
      value(text, 'nordlys_http_requests_total{method="GET",route="/healthz",status="200"}'),
    ).toBeGreaterThanOrEqual(3);
    expect(
      value(text, 'nordlys_http_requests_total{method="GET",route="/st/4/account_info",status="401"}'),
    ).toBe(1);
    expect(
      value(text, 'nordlys_http_request_duration_seconds_count{method="GET",route="/healthz"}'),
    ).toBeGreaterThanOrEqual(3);
    expect(text).toContain('nordlys_queue_depth{task="thumbnails"}');
    expect(text).toContain('nordlys_process_resident_memory_bytes');
  });

  it('counts long polls held and upload bytes', async () => {
    const seq = await serialOf(t, auth);
    const held = t.app.inject({
      url: `/poll/jobs/default/poll?seq=${seq}&hold_ms=20000`,
      headers: { authorization: auth },
    });
    await expect
      .poll(async () => value(await scrape(), 'nordlys_long_polls_held'), { timeout: 10_000 })
      .toBe(1);
    const before = value(await scrape(), 'nordlys_upload_bytes_total') ?? 0;
    const upload = await postUpload(t, auth, 'metrics/a.bin', Buffer.alloc(50_000, 7));
    expect(upload.statusCode).toBe(201);
    expect((await held).json()).toMatchObject({ result: 'ok' });
    const text = await scrape();
    expect(value(text, 'nordlys_long_polls_held')).toBe(0);
    expect((value(text, 'nordlys_upload_bytes_total') ?? 0) - before).toBeGreaterThanOrEqual(50_000);
  });

  it('counts archive bytes as the zip streams out', async () => {
    const before = value(await scrape(), 'nordlys_archive_bytes_total') ?? 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/st/4/jobs/default/files_as_archive',
      headers: { authorization: auth, 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeGreaterThan(50_000);
    expect((value(await scrape(), 'nordlys_archive_bytes_total') ?? 0) - before).toBe(res.rawPayload.length);
  });

  it("echoes the balancer's X-Request-ID, and makes one when none or a bad one comes", async () => {
    const given = 'lb-5f1c2d3e-aaaa-bbbb-cccc-0123456789ab';
    const echoed = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': given } });
    expect(echoed.headers['x-request-id']).toBe(given);
    const made = await t.app.inject({ url: '/healthz' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const bad = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'x y\u0001' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(bad.headers['x-request-id']).not.toBe(made.headers['x-request-id']);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('request ids in the work a request enqueues', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(async () => t?.close());

  it("carries the upload's request id into its media task, for the worker's log lines", async () => {
    const { auth } = await t.signUp();
    const requestId = 'lb-upload-0f1e2d3c4b5a';
    const { body, contentType } = multipartBody(
      { path: 'ids/photo.jpg', mtime: '1700000000' },
      { name: 'photo.jpg', data: fixture('photo-exif.jpg') },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/st/4/jobs/default/upload',
      headers: { authorization: auth, 'content-type': contentType, 'x-request-id': requestId },
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-request-id']).toBe(requestId);
    const queued = async () => {
      const { rows } = await sql<{ data: { sha256: string; requestId?: string } }>`
        select data from pgboss.job where name = 'thumbnails'`.execute(t.store.db);
      return rows.map((row) => row.data.requestId);
    };
    await expect.poll(queued, { timeout: 20_000 }).toEqual([requestId]);
  });
});
