import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { type Auth, uploadAt, utc } from './timeline-test-helpers';

const CONTROL_CHARACTERS = ['\u0000', '\t', '\n', '\u001b', '\u007f', '\u0085', '\u009b'];
const escaped = (text: string) => JSON.stringify(text);

describe.each(databaseKinds)('input validation on %s', (kind) => {
  let t: TestApp;
  let who: Auth;

  beforeAll(async () => {
    t = await createTestApp(kind);
    who = await t.signUp({ name: 'Kari' });
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: who.auth }, payload: payload as object });
  const accountName = async () => (await call('GET', '/st/4/account_info')).json().name;

  describe('names', () => {
    it('refuses control characters in the account name, naming the field, and keeps the name', async () => {
      for (const c of CONTROL_CHARACTERS) {
        const res = await call('POST', '/st/4/name', { name: `Ka${c}ri` });
        expect(res.statusCode, escaped(c)).toBe(400);
        expect(res.json(), escaped(c)).toEqual({ error: 'body.name must not contain control characters' });
      }
      expect(await accountName()).toBe('Kari');
    });

    it('still takes any name a person can type', async () => {
      for (const name of ['Åse Ødegård', 'Иван Петров', '李小龍 🌟', 'Zoë\u00a0O’Brien\u200d']) {
        const res = await call('POST', '/st/4/name', { name });
        expect(res.statusCode, name).toBe(200);
        expect(res.json().name).toBe(name.trim());
      }
    });

    it('refuses control characters in device, option, attribute, statistics and file names', async () => {
      const exchange = await t.app.inject({
        method: 'POST',
        url: '/st/4/login/exchange',
        payload: {
          code: 'x',
          code_verifier: 'v'.repeat(43),
          redirect_uri: 'http://localhost/login/callback',
          device_name: 'Phone\u0000',
        },
      });
      expect(exchange.json()).toEqual({ error: 'body.device_name must not contain control characters' });
      expect(exchange.statusCode).toBe(400);

      const answers: [Awaited<ReturnType<typeof call>>, string][] = [
        [await call('PUT', '/st/4/options/a%00b', { value: '1' }), 'params.name'],
        [await call('POST', '/st/4/account_attribute', { key: 'a\u0085', value: '1' }), 'body.key'],
        [await call('GET', '/st/4/account_attribute?key=a%1Bb'), 'querystring.key'],
        [
          await call('POST', '/st/4/user_statistics_events', {
            events: [{ name: 'opened\n', timestamp: 1 }],
          }),
          'body.events.0.name',
        ],
        [await call('GET', '/st/4/jobs/default/metadata/photo%00.jpg'), 'params.*'],
      ];
      for (const [res, field] of answers) {
        expect(res.statusCode, field).toBe(400);
        expect(res.json()).toEqual({ error: `${field} must not contain control characters` });
      }
    });

    it('refuses C1 control characters in upload paths as it does C0 ones', async () => {
      const res = await call('POST', '/st/4/jobs/default/files_dedup', {
        path: 'Camera/a\u0085b.jpg',
        checksum: createHash('sha256').update('x').digest('hex'),
        mtime: 1,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'path must not contain control characters' });
    });
  });

  describe('JSON bodies are not converted', () => {
    it('refuses a value of another type instead of saving it as text', async () => {
      const cases: [unknown, string][] = [
        [5, 'string'],
        [true, 'string'],
        [['Ola'], 'string'],
        [null, 'string'],
      ];
      for (const [name, type] of cases) {
        const res = await call('POST', '/st/4/name', { name });
        expect(res.statusCode, String(name)).toBe(400);
        expect(res.json()).toEqual({ error: `body.name must be ${type}` });
      }
      const stats = await call('POST', '/st/4/client_stats', { last_foreground: '5' });
      expect(stats.json()).toEqual({ error: 'body.last_foreground must be number' });
      const option = await call('PUT', '/st/4/options/theme', { value: 1 });
      expect(option.json()).toEqual({ error: 'body.value must be string' });
      expect(await accountName()).not.toBe('5');
    });
  });

  describe('times in query strings', () => {
    const paths = ['/st/4/jobs/default/files', '/st/4/jobs/default/timeline/tiles'];

    it('answers 400 naming the field for a time that is not whole epoch seconds', async () => {
      const bad = ['abc', '', '%20', '1.5', '0x10', '1e3', '1e30', '99999999999999999999', '+5'];
      for (const path of paths) {
        for (const field of ['start', 'end', 'uploaded_since']) {
          for (const value of bad) {
            const res = await call('GET', `${path}?${field}=${value}`);
            expect(res.statusCode, `${path}?${field}=${value}`).toBe(400);
            expect(res.json()).toEqual({ error: `querystring.${field} must be whole epoch seconds` });
          }
        }
      }
    });

    it('still converts query and path values that arrive as text', async () => {
      const file = await uploadAt(t, who, 'beach.jpg', utc(2023, 7, 4));
      const start = utc(2023, 7, 1);
      const end = utc(2023, 8, 1) - 1;
      const listed = await call('GET', `/st/4/jobs/default/files?start=${start}&end=${end}&limit=1&offset=0`);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().files.map((f: { fileID: string }) => f.fileID)).toEqual([file.fileID]);
      expect(listed.headers['x-total-items']).toBe('1');

      const early = await call('GET', `/st/4/jobs/default/files?start=-2208988800&end=${start - 1}`);
      expect(early.json().files).toEqual([]);
      const recent = await call('GET', '/st/4/jobs/default/timeline/tiles?uploaded_since=0&recursive=1');
      expect(recent.statusCode, recent.body).toBe(200);
      expect(recent.json().fileID).toEqual([file.fileID]);
      const changes = await call('GET', '/st/4/jobs/default/changes?since=0');
      expect(changes.statusCode).toBe(200);
      expect(typeof changes.json().serial).toBe('number');

      const limit = await call('GET', '/st/4/jobs/default/files?limit=abc');
      expect(limit.json()).toEqual({ error: 'querystring.limit must be integer' });
      const metadata = await call('GET', '/st/4/jobs/default/metadata/beach.jpg');
      expect(metadata.statusCode, metadata.body).toBe(200);
    });
  });
});
