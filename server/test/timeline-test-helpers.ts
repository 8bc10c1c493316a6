import { randomUUID } from 'node:crypto';
import type { FileRecord } from '@nordlys/contract/file';
import { expect } from 'vitest';
import type { TestApp } from './test-app';
import { multipartBody } from './upload-helpers';

export type Auth = Awaited<ReturnType<TestApp['signUp']>>;

/** Epoch seconds of a UTC date. */
export const utc = (year: number, month: number, day: number, hour = 12) =>
  Math.floor(Date.UTC(year, month - 1, day, hour) / 1000);

/**
 * Uploads through the real multipart route. Bytes are unique unless given; files without EXIF
 * take their capture time from `mtime`, which is how the tests place files in months.
 */
export async function uploadAt(
  t: TestApp,
  who: Auth,
  name: string,
  mtime: number,
  data: Buffer = Buffer.from(`${name} ${randomUUID()}`),
): Promise<FileRecord> {
  const { body, contentType } = multipartBody({ path: name, mtime: String(mtime) }, { name, data });
  const res = await t.app.inject({
    method: 'POST',
    url: '/st/4/jobs/default/upload',
    headers: { authorization: who.auth, 'content-type': contentType },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as FileRecord;
}

export function api(t: TestApp) {
  const headers = (who: Auth | null) => (who ? { authorization: who.auth } : {});
  return {
    get: (who: Auth | null, url: string) => t.app.inject({ url, headers: headers(who) }),
    post: (who: Auth | null, url: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url, headers: headers(who), payload: payload as object }),
    postText: (who: Auth | null, url: string, text: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers(who), 'content-type': 'text/plain' },
        payload: text,
      }),
    async job(who: Auth): Promise<{ id: string; serial: number }> {
      return (await t.app.inject({ url: '/st/4/jobs/default', headers: headers(who) })).json();
    },
  };
}
