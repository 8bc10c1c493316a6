import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useS3rver } from './s3rver';
import { startTcpProxy } from './tcp-proxy';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';

const BUCKET = 'readiness';
const s3 = useS3rver(BUCKET);

/**
 * Readiness over real dependencies made unreachable for real: the blob store (s3rver) and, on
 * PostgreSQL, the database sit behind a TCP relay the test cuts, so connections are reset and
 * new ones refused as when the service is down.
 */
describe.each(databaseKinds)('readiness on %s', (kind) => {
  let t: TestApp;
  let s3Relay: Awaited<ReturnType<typeof startTcpProxy>>;
  let dbRelay: Awaited<ReturnType<typeof startTcpProxy>> | null = null;

  beforeAll(async () => {
    s3Relay = await startTcpProxy(Number(new URL(await s3.endpoint()).port));
    t = await createTestApp(kind, {
      env: {
        S3_ENDPOINT: `http://127.0.0.1:${s3Relay.port}`,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
      // The app's own connections to PostgreSQL go through a relay too.
      relayDatabase: async (url) => {
        const target = new URL(url);
        dbRelay = await startTcpProxy(Number(target.port || 5432));
        target.port = String(dbRelay.port);
        return target.toString();
      },
    });
  });
  afterAll(async () => {
    await s3Relay.restore().catch(() => {});
    await dbRelay?.restore().catch(() => {});
    await t?.close();
    await s3Relay.close();
    await dbRelay?.close();
  });

  const ready = async () => {
    const res = await t.app.inject({ url: '/readyz' });
    return { status: res.statusCode, body: res.json() };
  };

  it('is ready while the database and the blob store answer', async () => {
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'ready', details: { database: 'ok', blobs: 'ok', draining: false } },
    });
  });

  it('fails with 503 while the blob store is unreachable, stays alive, and is ready again once it is back', async () => {
    await s3Relay.cut();
    expect(await ready()).toEqual({
      status: 503,
      body: { status: 'unavailable', details: { database: 'ok', blobs: 'unreachable', draining: false } },
    });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await s3Relay.restore();
    await expect.poll(async () => (await ready()).status, { timeout: 20_000 }).toBe(200);
  });

  it.runIf(kind === 'postgres')('fails with 503 while the database is unreachable', async () => {
    await dbRelay!.cut();
    expect(await ready()).toEqual({
      status: 503,
      body: { status: 'unavailable', details: { database: 'unreachable', blobs: 'ok', draining: false } },
    });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await dbRelay!.restore();
    await expect.poll(async () => (await ready()).status, { timeout: 20_000 }).toBe(200);
  });

  it('is not ready once draining, while still alive', async () => {
    t.app.health.startDraining();
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.details.draining).toBe(true);
    const alive = await t.app.inject({ url: '/healthz' });
    expect(alive.json()).toMatchObject({ status: 'ok', details: { draining: true } });
  });
});
