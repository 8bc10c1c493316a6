import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app';

/** A multipart body with the text fields first, then the file part. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; contentType?: string; fieldName?: string },
  options: { fileFirst?: boolean } = {},
): { body: Buffer; contentType: string } {
  const boundary = `----nordlys${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const fileParts = file
    ? [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${file.fieldName ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        file.data,
        Buffer.from('\r\n'),
      ]
    : [];
  if (options.fileFirst) parts.push(...fileParts, ...fieldParts);
  else parts.push(...fieldParts, ...fileParts);
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /st/4/jobs/{job}/upload with the file's path as its name and a fixed mtime. */
export function postUpload(t: TestApp, auth: string, filePath: string, data: Buffer, job = 'default') {
  const { body, contentType } = multipartBody(
    { path: filePath, mtime: '1700000000' },
    { name: filePath, data },
  );
  return t.app.inject({
    method: 'POST',
    url: `/st/4/jobs/${job}/upload`,
    headers: { authorization: auth, 'content-type': contentType },
    payload: body,
  });
}

/** Sets a user's storage to exactly `bytes` (one grant). */
export async function setMaxSpace(t: TestApp, userId: string, bytes: number): Promise<void> {
  await t.store.db.deleteFrom('grants').where('user_id', '=', userId).execute();
  await t.store.db
    .insertInto('grants')
    .values({
      id: randomUUID(),
      user_id: userId,
      source: 'test',
      size_bytes: bytes,
      created_at: 0,
      expires_at: null,
    })
    .execute();
}
