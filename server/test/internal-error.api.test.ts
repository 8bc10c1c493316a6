import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

describe('unexpected failures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    t.app.get('/st/4/test-explode', async () => {
      throw new Error('secret internal detail /etc/passwd');
    });
  });
  afterAll(() => t.close());

  it('answers 500 with a generic message and no internals', async () => {
    const res = await t.app.inject({ url: '/st/4/test-explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal Server Error' });
    expect(res.body).not.toContain('secret');
  });
});
