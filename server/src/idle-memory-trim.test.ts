import v8 from 'node:v8';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { trimMemoryWhenIdle } from './idle-memory-trim';

const newSpaceBytes = () =>
  v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;

/** Short-lived objects surviving a few scavenges each: what grows the young generation. */
function churn() {
  let keep: unknown[] = [];
  for (let round = 0; round < 200; round += 1) {
    const batch = Array.from({ length: 20_000 }, (_, i) => ({ i, text: `item ${i} of ${round}` }));
    keep = [...keep.slice(-10_000), ...batch];
  }
  return keep.length;
}

describe('idle memory trim', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('shrinks the young generation once nothing was answered for the idle time', async () => {
    const app = Fastify();
    apps.push(app);
    app.get('/', async () => ({ ok: true }));
    trimMemoryWhenIdle(app, 150);
    churn();
    const grown = newSpaceBytes();
    expect(grown).toBeGreaterThan(4 * 1024 * 1024);
    await app.inject('/');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(newSpaceBytes()).toBeLessThan(grown / 2);
  });

  it('does not collect while requests keep arriving', async () => {
    const app = Fastify();
    apps.push(app);
    app.get('/', async () => ({ ok: true }));
    trimMemoryWhenIdle(app, 300);
    churn();
    const grown = newSpaceBytes();
    for (let i = 0; i < 8; i += 1) {
      await app.inject('/');
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    expect(newSpaceBytes()).toBeGreaterThanOrEqual(grown);
  });
});
