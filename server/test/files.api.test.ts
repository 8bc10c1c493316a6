import { createHash, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsageRepository } from '../src/store/repositories/usage.repository';
import { fixture } from './media-test-content';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { postUpload } from './upload-helpers';

type Auth = Awaited<ReturnType<TestApp['signUp']>>;

describe.each(databaseKinds)('files API on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const upload = (who: Auth, filePath: string, data: Buffer) => postUpload(t, who.auth, filePath, data);
  const get = (who: Auth | null, job: string, fileId: string, query = '') =>
    t.app.inject({
      url: `/st/4/jobs/${job}/files_by_id/${fileId}${query}`,
      headers: who ? { authorization: who.auth } : {},
    });
  const del = (who: Auth | null, job: string, fileId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/st/4/jobs/${job}/files_by_id/${fileId}`,
      headers: who ? { authorization: who.auth } : {},
    });

  it('answers a file by id, and its encoding status with sub=v-check', async () => {
    const alice = await t.signUp();
    const clip = (await upload(alice, 'clip.mp4', fixture('clip.mp4'))).json();
    const res = await get(alice, 'default', clip.fileID);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fileID: clip.fileID, file_type: 'Movies', duration: 3 });
    const byJobId = await get(alice, clip.jobID, clip.fileID);
    expect(byJobId.json().fileID).toBe(clip.fileID);
    const check = await get(alice, 'default', clip.fileID, '?sub=v-check');
    expect(check.statusCode).toBe(200);
    expect(['FETCHING', 'PROCESSING', 'ENCODED', 'ERROR']).toContain(check.json().encodingStatus);
    await t.store.db
      .updateTable('contents')
      .set({ encode_status: 'ready' })
      .where('sha256', '=', clip.checksum)
      .execute();
    expect((await get(alice, 'default', clip.fileID, '?sub=v-check')).json()).toEqual({
      encodingStatus: 'ENCODED',
    });
  });

  it('denies reading and deleting to others: 401, 404', async () => {
    const alice = await t.signUp();
    const mallory = await t.signUp();
    const file = (await upload(alice, 'mine.txt', Buffer.from(`mine ${randomUUID()}`))).json();
    expect((await get(null, 'default', file.fileID)).statusCode).toBe(401);
    expect((await get(mallory, file.jobID, file.fileID)).statusCode).toBe(404);
    // Through their own timeline the id does not resolve either.
    expect((await get(mallory, 'default', file.fileID)).statusCode).toBe(404);
    expect((await get(alice, 'default', randomUUID())).statusCode).toBe(404);
    expect((await del(null, 'default', file.fileID)).statusCode).toBe(401);
    expect((await del(mallory, file.jobID, file.fileID)).statusCode).toBe(404);
    expect((await del(mallory, 'default', file.fileID)).statusCode).toBe(404);
    expect((await get(alice, 'default', file.fileID)).statusCode).toBe(200);
    const meta = await t.app.inject({
      url: `/st/4/jobs/${file.jobID}/metadata/mine.txt`,
      headers: { authorization: mallory.auth },
    });
    expect(meta.statusCode).toBe(404);
  });

  it('answers the metadata of the newest file at a path, the same every time', async () => {
    // One millisecond for every upload: the order they were added in decides, not chance.
    const frozen = await createTestApp(kind, { clock: () => 1_700_000_000_000 });
    try {
      const carol = await frozen.signUp();
      const read = async () => {
        const res = await frozen.app.inject({
          url: '/st/4/jobs/default/metadata/same.jpg',
          headers: { authorization: carol.auth },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().deviceModel as string | null;
      };
      const withCamera = fixture('photo-exif.jpg');
      const without = fixture('screenshot_20240315_101500.png');
      expect((await postUpload(frozen, carol.auth, 'same.jpg', withCamera)).statusCode).toBe(201);
      const cameraModel = await read();
      expect(cameraModel).toEqual(expect.any(String));
      expect((await postUpload(frozen, carol.auth, 'same.jpg', without)).statusCode).toBe(201);
      for (let i = 0; i < 5; i += 1) expect(await read()).toBeNull();
      expect((await postUpload(frozen, carol.auth, 'same.jpg', withCamera)).statusCode).toBe(201);
      for (let i = 0; i < 5; i += 1) expect(await read()).toBe(cameraModel);
    } finally {
      await frozen.close();
    }
  });

  it('lets a read-only user delete their own file, and only their own', async () => {
    const reader = await t.signUp();
    const other = await t.signUp();
    const file = (await upload(reader, 'r.txt', Buffer.from(`r ${randomUUID()}`))).json();
    const others = (await upload(other, 'o.txt', Buffer.from(`o ${randomUUID()}`))).json();
    await t.store.db.updateTable('users').set({ is_read_only: 1 }).where('id', '=', reader.userId).execute();
    const res = await del(reader, 'default', file.fileID);
    expect(res.statusCode, res.body).toBe(200);
    // In the trash it still counts against storage until purged.
    expect(res.json()).toEqual({ used_space: file.size });
    expect((await get(reader, 'default', file.fileID)).statusCode).toBe(404);
    expect((await del(reader, others.jobID, others.fileID)).statusCode).toBe(404);
    expect((await get(other, 'default', others.fileID)).statusCode).toBe(200);
  });

  it('deletes a file: used_space kept until purged, counters down, serial and change row, then 404', async () => {
    const bob = await t.signUp();
    const photo = (await upload(bob, 'p.jpg', fixture('photo-exif.jpg'))).json();
    const shot = (await upload(bob, 'screenshot_1.png', fixture('screenshot_20240315_101500.png'))).json();
    const usage = createUsageRepository(t.store.db);
    expect(await usage.usageOf(bob.userId)).toEqual({
      usedSpace: photo.size + shot.size,
      counters: { picture_count: 1, video_count: 0, screenshot_count: 1, document_count: 0 },
    });
    const job = (
      await t.app.inject({ url: '/st/4/jobs/default', headers: { authorization: bob.auth } })
    ).json();
    const res = await del(bob, 'default', photo.fileID);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ used_space: photo.size + shot.size });
    expect(await usage.usageOf(bob.userId)).toEqual({
      usedSpace: photo.size + shot.size,
      counters: { picture_count: 0, video_count: 0, screenshot_count: 1, document_count: 0 },
    });
    const after = (
      await t.app.inject({ url: '/st/4/jobs/default', headers: { authorization: bob.auth } })
    ).json();
    expect(after.serial).toBe(job.serial + 1);
    const change = await t.store.db
      .selectFrom('changes')
      .selectAll()
      .where('job_id', '=', job.id)
      .where('serial', '=', after.serial)
      .executeTakeFirstOrThrow();
    expect(change).toMatchObject({ type: 1, entity_id: photo.fileID });
    // Kept for the trash: the row is marked, not removed.
    const row = await t.store.db
      .selectFrom('files')
      .select('deleted_at')
      .where('id', '=', photo.fileID)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await get(bob, 'default', photo.fileID)).statusCode).toBe(404);
    expect((await del(bob, 'default', photo.fileID)).statusCode).toBe(404);
    // Its metadata still answers, telling it is in the trash (core.md §3 file existence).
    const meta = await t.app.inject({
      url: '/st/4/jobs/default/metadata/p.jpg',
      headers: { authorization: bob.auth },
    });
    expect(meta.statusCode).toBe(200);
    expect(meta.json().existence).toBe('trashed');
  });

  it('keeps used_space equal to a recomputation over any sequence of uploads, links and deletes', async () => {
    const payloads = [0, 1, 2, 3].map((i) => Buffer.from(`payload-${i}-${randomUUID()}`.repeat(i + 1)));
    const op = fc.oneof(
      fc.record({ kind: fc.constant('upload' as const), user: fc.nat(1), payload: fc.nat(3) }),
      fc.record({ kind: fc.constant('dedup' as const), user: fc.nat(1), payload: fc.nat(3) }),
      fc.record({ kind: fc.constant('delete' as const), user: fc.nat(1), pick: fc.nat(20) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const users = [await t.signUp(), await t.signUp()];
        const live: { user: number; fileId: string }[] = [];
        for (const step of ops) {
          const who = users[step.user] as Auth;
          if (step.kind === 'upload') {
            const res = await upload(who, `f-${randomUUID()}.bin`, payloads[step.payload] as Buffer);
            expect(res.statusCode).toBe(201);
            live.push({ user: step.user, fileId: res.json().fileID });
          } else if (step.kind === 'dedup') {
            const checksum = createHash('sha256')
              .update(payloads[step.payload] as Buffer)
              .digest('hex');
            const res = await t.app.inject({
              method: 'POST',
              url: '/st/4/jobs/default/files_dedup',
              headers: { authorization: who.auth },
              payload: { path: `d-${randomUUID()}.bin`, checksum, mtime: 1 },
            });
            if (res.json().status === 'linked') live.push({ user: step.user, fileId: res.json().uuid });
          } else {
            const mine = live.filter((f) => f.user === step.user);
            const target = mine[step.pick % Math.max(1, mine.length)];
            if (!target) continue;
            expect((await del(who, 'default', target.fileId)).statusCode).toBe(200);
            live.splice(live.indexOf(target), 1);
          }
        }
        const usage = createUsageRepository(t.store.db);
        for (const [index, user] of users.entries()) {
          // Trashed rows still count against storage (until purged); only live ones are counted files.
          const files = await t.store.db
            .selectFrom('files')
            .select(['content_sha256', 'size', 'deleted_at'])
            .where('user_id', '=', user.userId)
            .execute();
          const liveRows = files.filter((f) => f.deleted_at == null);
          expect(liveRows).toHaveLength(live.filter((f) => f.user === index).length);
          const distinct = new Map(files.map((f) => [f.content_sha256, Number(f.size)]));
          const expected = [...distinct.values()].reduce((a, b) => a + b, 0);
          const { usedSpace, counters } = await usage.usageOf(user.userId);
          expect(usedSpace).toBe(expected);
          expect(await usage.recomputeUsedSpace(user.userId)).toBe(expected);
          expect(counters.document_count).toBe(liveRows.length);
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
