import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { postUpload } from './upload-helpers';

type Auth = Awaited<ReturnType<TestApp['signUp']>>;

describe.each(databaseKinds)('files_dedup API on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  async function upload(who: Auth, filePath: string, data: Buffer) {
    const res = await postUpload(t, who.auth, filePath, data);
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  const dedup = (who: Auth, payload: Record<string, unknown>, job = 'default') =>
    t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${job}/files_dedup`,
      headers: { authorization: who.auth },
      payload,
    });

  async function usedSpace(userId: string) {
    const row = await t.store.db
      .selectFrom('user_usage')
      .select('used_space')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.used_space ?? 0);
  }

  it('links a new file to bytes the caller already has, without a second upload or more used_space', async () => {
    const alice = await t.signUp();
    const data = Buffer.from(`holiday ${randomUUID()}`);
    const original = await upload(alice, 'a/holiday.jpg', data);
    const before = (
      await t.app.inject({ url: '/st/4/jobs/default', headers: { authorization: alice.auth } })
    ).json();
    const res = await dedup(alice, {
      path: 'b/holiday copy.jpg',
      checksum: original.checksum.toUpperCase(),
      mtime: 1700000100,
      ctime: 1700000000,
      group_id: 'burst-1',
      group_type: 'burst',
      master: '1',
      want_json: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('linked');
    expect(body.uuid).not.toBe(original.fileID);
    expect(body.file).toMatchObject({
      fileID: body.uuid,
      path: 'b/holiday copy.jpg',
      fileName: 'holiday copy.jpg',
      checksum: original.checksum,
      size: data.length,
      mtime: 1700000100,
      group_type: 'burst',
      group_id: 'burst-1',
      master: '1',
    });
    expect(await usedSpace(alice.userId)).toBe(data.length);
    const after = (
      await t.app.inject({ url: '/st/4/jobs/default', headers: { authorization: alice.auth } })
    ).json();
    expect(after.serial).toBe(before.serial + 1);
    const content = await t.store.db
      .selectFrom('contents')
      .select('ref_count')
      .where('sha256', '=', original.checksum)
      .executeTakeFirstOrThrow();
    expect(content.ref_count).toBe(2);
  });

  it("answers 'exists' for the same path and checksum with policy no_duplicates", async () => {
    const bob = await t.signUp();
    const original = await upload(bob, 'x/same.jpg', Buffer.from(`same ${randomUUID()}`));
    const res = await dedup(bob, {
      path: 'x/same.jpg',
      checksum: original.checksum,
      mtime: 1,
      policy: 'no_duplicates',
    });
    expect(res.json()).toMatchObject({
      status: 'exists',
      uuid: original.fileID,
      file: { fileID: original.fileID },
    });
    const files = await t.store.db
      .selectFrom('files')
      .select('id')
      .where('user_id', '=', bob.userId)
      .execute();
    expect(files).toHaveLength(1);
  });

  it("answers 'upload_required' for bytes the caller does not have", async () => {
    const carol = await t.signUp();
    const res = await dedup(carol, {
      path: 'x.jpg',
      checksum: createHash('sha256').update(randomUUID()).digest('hex'),
      mtime: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'upload_required' });
  });

  it("never links another user's bytes from their checksum", async () => {
    const owner = await t.signUp();
    const thief = await t.signUp();
    const original = await upload(owner, 'private.jpg', Buffer.from(`secret ${randomUUID()}`));
    const res = await dedup(thief, { path: 'stolen.jpg', checksum: original.checksum, mtime: 1 });
    expect(res.json()).toEqual({ status: 'upload_required' });
    const files = await t.store.db
      .selectFrom('files')
      .select('id')
      .where('user_id', '=', thief.userId)
      .execute();
    expect(files).toEqual([]);
  });

  it('no longer links bytes once the caller deleted their last file over them for good', async () => {
    const dan = await t.signUp();
    const original = await upload(dan, 'gone.jpg', Buffer.from(`gone ${randomUUID()}`));
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/st/4/jobs/default/files_by_id/${original.fileID}`,
      headers: { authorization: dan.auth },
    });
    // In the trash the bytes still count against dan's storage.
    expect(del.json()).toEqual({ used_space: original.size });
    const forever = await t.app.inject({
      method: 'POST',
      url: '/st/4/empty_trash_can',
      headers: { authorization: dan.auth },
      payload: { fileid: original.fileID },
    });
    expect(forever.json()).toMatchObject({ used_space: 0 });
    const res = await dedup(dan, { path: 'again.jpg', checksum: original.checksum, mtime: 1 });
    expect(res.json()).toEqual({ status: 'upload_required' });
  });

  it('refuses bad input naming the field, and checks rights', async () => {
    const erin = await t.signUp();
    const bad = await dedup(erin, { path: 'x.jpg', checksum: 'not-a-hash', mtime: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/checksum/);
    const missing = await dedup(erin, { checksum: 'a'.repeat(64), mtime: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/path/);
    const traversal = await dedup(erin, { path: '../x.jpg', checksum: 'a'.repeat(64), mtime: 1 });
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json().error).toMatch(/path/);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/st/4/jobs/default/files_dedup',
      payload: { path: 'x', checksum: 'a'.repeat(64), mtime: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    const job = (
      await t.app.inject({ url: '/st/4/jobs/default', headers: { authorization: erin.auth } })
    ).json();
    const other = await t.signUp();
    const foreign = await dedup(other, { path: 'x.jpg', checksum: 'a'.repeat(64), mtime: 1 }, job.id);
    expect(foreign.statusCode).toBe(404);
    await t.store.db.updateTable('users').set({ is_read_only: 1 }).where('id', '=', other.userId).execute();
    const readOnly = await dedup(other, { path: 'x.jpg', checksum: 'a'.repeat(64), mtime: 1 });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json()).toEqual({ error: 'read_only_user' });
  });
});
