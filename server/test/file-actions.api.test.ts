import { randomUUID } from 'node:crypto';
import type { FileRecord } from '@nordlys/contract/file';
import type { TimelineMonth } from '@nordlys/contract/timeline';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFile } from '../src/services/file-bookkeeping';
import { createRepositories } from '../src/store/repositories';
import { createUsageRepository } from '../src/store/repositories/usage.repository';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { type Auth, api, uploadAt, utc } from './timeline-test-helpers';
import { multipartBody, setMaxSpace } from './upload-helpers';

describe.each(databaseKinds)('file actions API on %s', (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    http = api(t);
  });
  afterAll(async () => t?.close());

  const usage = () => createUsageRepository(t.store.db);
  const deleteFiles = (who: Auth | null, ids: string[], job = 'default') =>
    http.post(who, `/st/4/jobs/${job}/delete_files`, { file_uuids: ids });
  const restore = (who: Auth | null, ids: string[]) =>
    http.post(who, '/st/4/trash_can/restore', { file_uuids: ids });
  const purge = (who: Auth | null, fileid: string | string[]) =>
    http.post(who, '/st/4/empty_trash_can', { fileid });
  const copy = (who: Auth | null, ids: string[]) =>
    http.postText(who, '/st/4/jobs/default/copy_files', ids.join('\n'));
  const fileRow = (id: string) =>
    t.store.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  const contentRow = (sha: string) =>
    t.store.db.selectFrom('contents').selectAll().where('sha256', '=', sha).executeTakeFirst();
  const monthsOf = async (who: Auth): Promise<TimelineMonth[]> =>
    (await http.get(who, '/st/4/jobs/default/timeline/months')).json().months;

  it('deletes in bulk and restores (Undo) with exact used_space, counters, months and change rows', async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    const shared = Buffer.from(`same bytes ${randomUUID()}`);
    const a = await uploadAt(t, alice, 'a.jpg', utc(2023, 7, 4), shared);
    const b = await uploadAt(t, alice, 'b.mp4', utc(2023, 7, 10));
    const c = await uploadAt(t, alice, 'c.txt', utc(2023, 7, 11));
    const d = await uploadAt(t, alice, 'copy-of-a.jpg', utc(2023, 8, 1), shared);
    const bobs = await uploadAt(t, bob, 'bob.jpg', utc(2023, 7, 5));
    expect(a.checksum).toBe(d.checksum);
    const full = a.size + b.size + c.size;
    expect((await usage().usageOf(alice.userId)).usedSpace).toBe(full);
    const before = await http.job(alice);
    const monthsBefore = await monthsOf(alice);

    const unknown = randomUUID();
    const res = await deleteFiles(alice, [a.fileID, b.fileID, unknown, bobs.fileID]);
    expect(res.statusCode, res.body).toBe(200);
    const maxSpace = (
      await t.app.inject({ url: '/st/4/account_info', headers: { authorization: alice.auth } })
    ).json().max_space as number | undefined;
    expect(res.json()).toEqual({
      results: [
        { file_uuid: a.fileID, status: 'ok' },
        { file_uuid: b.fileID, status: 'ok' },
        { file_uuid: unknown, status: 'error', error_reason: 'not_found' },
        { file_uuid: bobs.fileID, status: 'error', error_reason: 'not_found' },
      ],
      // Trashed files count against storage until purged.
      used_space: full,
      max_space: maxSpace ?? res.json().max_space,
    });
    expect(res.json().max_space).toBeGreaterThan(0);
    expect((await fileRow(bobs.fileID))?.deleted_at).toBeNull();
    expect(await usage().recomputeUsedSpace(alice.userId)).toBe(full);
    expect((await usage().usageOf(alice.userId)).counters).toEqual({
      picture_count: 1,
      video_count: 0,
      screenshot_count: 0,
      document_count: 1,
    });
    expect(await monthsOf(alice)).toEqual([
      { year: 2023, month: 8, startDay: 1, endDay: 1, pictures: 1, videos: 0, screenshots: 0, documents: 0 },
      {
        year: 2023,
        month: 7,
        startDay: 11,
        endDay: 11,
        pictures: 0,
        videos: 0,
        screenshots: 0,
        documents: 1,
      },
    ]);
    const changes = (await http.get(alice, `/st/4/jobs/default/changes?since=${before.serial}`)).json();
    expect(changes.changes.map((ch: { type: number; id: string }) => [ch.type, ch.id]).sort()).toEqual(
      [
        [1, a.fileID],
        [1, b.fileID],
      ].sort(),
    );

    // A retried request changes nothing and reports success.
    const again = await deleteFiles(alice, [a.fileID, b.fileID]);
    expect(again.json().results.map((r: { status: string }) => r.status)).toEqual(['ok', 'ok']);
    expect(again.json().used_space).toBe(full);
    expect((await http.job(alice)).serial).toBe(before.serial + 2);

    const undo = await restore(alice, [a.fileID, b.fileID]);
    expect(undo.statusCode).toBe(200);
    expect(undo.json().results).toEqual([
      { file_uuid: a.fileID, status: 'ok' },
      { file_uuid: b.fileID, status: 'ok' },
    ]);
    expect(undo.json().used_space).toBe(full);
    expect(await usage().recomputeUsedSpace(alice.userId)).toBe(full);
    expect(await monthsOf(alice)).toEqual(monthsBefore);
    const files = (await http.get(alice, '/st/4/jobs/default/files')).json().files as FileRecord[];
    expect(files.map((file) => file.fileID).sort()).toEqual([a.fileID, b.fileID, c.fileID, d.fileID].sort());
    const afterUndo = (await http.get(alice, `/st/4/jobs/default/changes?since=${before.serial + 2}`)).json();
    expect(afterUndo.changes.map((ch: { type: number }) => ch.type)).toEqual([0, 0]);
  });

  it('refuses a restore while over max_space (out_of_storage, file stays trashed); within it adds no usage', async () => {
    const bob = await t.signUp();
    const x = await uploadAt(t, bob, 'x.jpg', utc(2022, 1, 1), Buffer.alloc(5000, 1));
    const y = await uploadAt(t, bob, 'y.jpg', utc(2022, 1, 2), Buffer.alloc(3000, 2));
    const trashed = await deleteFiles(bob, [x.fileID]);
    expect(trashed.json().used_space).toBe(x.size + y.size);
    // A downgrade leaves the account over its storage.
    await setMaxSpace(t, bob.userId, x.size + y.size - 1);
    const res = await restore(bob, [x.fileID]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: [{ file_uuid: x.fileID, status: 'error', error_reason: 'out_of_storage' }],
      used_space: x.size + y.size,
      max_space: x.size + y.size - 1,
    });
    expect((await fileRow(x.fileID))?.deleted_at).not.toBeNull();

    // At (not over) max_space the restore goes through and used_space does not move.
    await setMaxSpace(t, bob.userId, x.size + y.size);
    expect((await restore(bob, [x.fileID])).json()).toMatchObject({
      results: [{ file_uuid: x.fileID, status: 'ok' }],
      used_space: x.size + y.size,
    });
    expect((await fileRow(x.fileID))?.deleted_at).toBeNull();
    expect(await usage().recomputeUsedSpace(bob.userId)).toBe(x.size + y.size);

    // A twin of bytes the user holds restores at a full quota too.
    await setMaxSpace(t, bob.userId, 1e9);
    const twin = await uploadAt(t, bob, 'twin.jpg', utc(2022, 1, 3), Buffer.alloc(5000, 1));
    expect(twin.checksum).toBe(x.checksum);
    await deleteFiles(bob, [twin.fileID]);
    await setMaxSpace(t, bob.userId, x.size + y.size);
    expect((await restore(bob, [twin.fileID])).json()).toMatchObject({
      results: [{ file_uuid: twin.fileID, status: 'ok' }],
      used_space: x.size + y.size,
    });
  });

  it('empties the trash: bytes and derived blobs go with the last file, stay while another references them', async () => {
    const carol = await t.signUp();
    const dave = await t.signUp();
    const bytes = Buffer.from(`shared across users ${randomUUID()}`);
    const mine = await uploadAt(t, carol, 'p.jpg', utc(2021, 3, 3), bytes);
    const theirs = await uploadAt(t, dave, 'q.jpg', utc(2021, 3, 4), bytes);
    const content = await contentRow(mine.checksum);
    expect(content?.ref_count).toBe(2);
    const blobKey = content?.blob_key as string;
    const derived = `derived/${mine.checksum}/thumb-256.webp`;
    await t.blobs.put(derived, Buffer.from('thumbnail'));

    const live = await purge(carol, mine.fileID);
    expect(live.json().results).toEqual([
      { file_uuid: mine.fileID, status: 'error', error_reason: 'not_in_trash' },
    ]);
    expect(await fileRow(mine.fileID)).toBeDefined();

    await deleteFiles(carol, [mine.fileID]);
    // Dave may not purge Carol's trash.
    expect((await purge(dave, [mine.fileID])).json().results[0]).toMatchObject({ error_reason: 'not_found' });
    const first = await purge(carol, [mine.fileID]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ results: [{ file_uuid: mine.fileID, status: 'ok' }], used_space: 0 });
    expect(await fileRow(mine.fileID)).toBeUndefined();
    expect((await contentRow(mine.checksum))?.ref_count).toBe(1);
    expect(await t.blobs.exists(blobKey)).toBe(true);
    expect(await t.blobs.exists(derived)).toBe(true);
    expect((await restore(carol, [mine.fileID])).json().results[0]).toMatchObject({
      error_reason: 'not_found',
    });

    await deleteFiles(dave, [theirs.fileID]);
    const last = await purge(dave, [theirs.fileID]);
    expect(last.json().results).toEqual([{ file_uuid: theirs.fileID, status: 'ok' }]);
    expect(await contentRow(mine.checksum)).toBeUndefined();
    expect(await t.blobs.exists(blobKey)).toBe(false);
    expect(await t.blobs.exists(derived)).toBe(false);
  });

  it('copies readable files into the timeline over the same content; others fail not_found', async () => {
    const erin = await t.signUp();
    const mallory = await t.signUp();
    const own = await uploadAt(t, erin, 'own.jpg', utc(2020, 6, 6));
    const trashed = await uploadAt(t, erin, 'gone.jpg', utc(2020, 6, 7));
    await deleteFiles(erin, [trashed.fileID]);
    const usedBefore = (await usage().usageOf(erin.userId)).usedSpace;

    const res = await copy(erin, [own.fileID, trashed.fileID, randomUUID()]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.copied).toHaveLength(1);
    expect(body.copied[0].from).toBe(own.fileID);
    expect(body.failed.map((x: { reason: string }) => x.reason)).toEqual(['not_found', 'not_found']);
    const copyRecord = (await http.get(erin, `/st/4/jobs/default/files_by_id/${body.copied[0].to}`)).json();
    expect(copyRecord).toMatchObject({
      checksum: own.checksum,
      path: 'own.jpg',
      timestamp: own.timestamp,
      size: own.size,
    });
    expect(copyRecord.fileID).not.toBe(own.fileID);
    expect((await usage().usageOf(erin.userId)).usedSpace).toBe(usedBefore);
    expect((await monthsOf(erin))[0]).toMatchObject({ year: 2020, month: 6, pictures: 2 });

    const stolen = await copy(mallory, [own.fileID]);
    expect(stolen.json()).toEqual({ copied: [], failed: [{ id: own.fileID, reason: 'not_found' }] });
    expect(await monthsOf(mallory)).toEqual([]);
  });

  it('counts a content new to the caller against quota when copying (413 out_of_storage if it does not fit)', async () => {
    const owner = await t.signUp();
    const contributor = await t.signUp();
    const original = await uploadAt(t, contributor, 'gift.jpg', utc(2019, 9, 9), Buffer.alloc(4000, 7));
    // An album of the owner's holding the contributor's file, as album uploads will make them.
    const albumId = randomUUID();
    await t.store.db
      .insertInto('jobs')
      .values({
        id: albumId,
        type: 'story',
        owner_id: owner.userId,
        name: 'Album',
        created_at: 0,
        updated_at: 0,
        serial: 0,
        deleted_at: null,
      })
      .execute();
    const inAlbum = await createRepositories(t.store).transaction(async (tx) => {
      const content = await tx.contents.findBySha(original.checksum);
      const job = await tx.jobs.findById(albumId);
      const { content: referenced } = await tx.contents.addRef(content as NonNullable<typeof content>);
      return insertFile(tx, {
        job: job as NonNullable<typeof job>,
        userId: contributor.userId,
        content: referenced,
        file: {
          parsed: { path: 'gift.jpg', fileName: 'gift.jpg', extension: 'jpg' },
          mtimeMs: original.mtime * 1000,
          ctimeMs: original.ctime * 1000,
          groupType: null,
          groupId: null,
          isMaster: false,
        },
        at: Date.now(),
      });
    });
    const used = (await usage().usageOf(owner.userId)).usedSpace;
    await setMaxSpace(t, owner.userId, used + original.size - 1);
    const refused = await copy(owner, [inAlbum.fileId]);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ error: 'out_of_storage' });
    expect(await monthsOf(owner)).toEqual([]);

    await setMaxSpace(t, owner.userId, used + original.size);
    const res = await copy(owner, [inAlbum.fileId]);
    expect(res.json().copied).toHaveLength(1);
    expect((await usage().usageOf(owner.userId)).usedSpace).toBe(used + original.size);
    expect(await usage().recomputeUsedSpace(owner.userId)).toBe(used + original.size);
  });

  it('denies without auth (401), on another user’s job (404), and refuses bad bodies (400)', async () => {
    const alice = await t.signUp();
    const mallory = await t.signUp();
    const file = await uploadAt(t, alice, 'mine.jpg', utc(2024, 1, 1));
    const job = await http.job(alice);

    expect((await deleteFiles(null, [file.fileID])).statusCode).toBe(401);
    expect((await restore(null, [file.fileID])).statusCode).toBe(401);
    expect((await purge(null, file.fileID)).statusCode).toBe(401);
    expect((await copy(null, [file.fileID])).statusCode).toBe(401);

    expect((await deleteFiles(mallory, [file.fileID], job.id)).statusCode).toBe(404);
    expect((await deleteFiles(mallory, [file.fileID], randomUUID())).statusCode).toBe(404);
    expect((await deleteFiles(mallory, [file.fileID])).json().results[0]).toMatchObject({
      error_reason: 'not_found',
    });
    expect((await fileRow(file.fileID))?.deleted_at).toBeNull();

    await deleteFiles(alice, [file.fileID]);
    expect((await restore(mallory, [file.fileID])).json().results[0]).toMatchObject({
      error_reason: 'not_found',
    });
    expect((await purge(mallory, file.fileID)).json().results[0]).toMatchObject({
      error_reason: 'not_found',
    });
    expect((await fileRow(file.fileID))?.deleted_at).not.toBeNull();

    const tooMany = Array.from({ length: 201 }, () => randomUUID());
    const cases: [Promise<{ statusCode: number; json(): { error: string } }>, RegExp][] = [
      [deleteFiles(alice, tooMany), /body\.file_uuids/],
      [deleteFiles(alice, []), /body\.file_uuids/],
      [restore(alice, tooMany), /body\.file_uuids/],
      [http.post(alice, '/st/4/trash_can/restore', {}), /body\.file_uuids/],
      [purge(alice, tooMany), /body\.fileid/],
      [copy(alice, tooMany), /body must list at most 200/],
      [copy(alice, []), /body must list at least one/],
      [http.post(alice, '/st/4/jobs/default/copy_files', { ids: [file.fileID] }), /body must be text/],
    ];
    for (const [pending, message] of cases) {
      const res = await pending;
      expect(res.statusCode, String(message)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
  });

  it('lets a read-only user delete, delete forever and empty the trash, and refuses restore, copy and uploads', async () => {
    const reader = await t.signUp();
    const other = await t.signUp();
    const a = await uploadAt(t, reader, 'a.jpg', utc(2024, 1, 1));
    const b = await uploadAt(t, reader, 'b.jpg', utc(2024, 1, 2));
    const c = await uploadAt(t, reader, 'c.jpg', utc(2024, 1, 3));
    const others = await uploadAt(t, other, 'o.jpg', utc(2024, 1, 4));
    await t.store.db.updateTable('users').set({ is_read_only: 1 }).where('id', '=', reader.userId).execute();

    const deleted = await deleteFiles(reader, [a.fileID, b.fileID, c.fileID, others.fileID]);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().results.map((r: { status: string }) => r.status)).toEqual([
      'ok',
      'ok',
      'ok',
      'error',
    ]);
    expect((await fileRow(others.fileID))?.deleted_at).toBeNull();

    // Still refused: bringing files back and adding files cost storage a read-only user has not paid for.
    const refused = [
      await restore(reader, [a.fileID]),
      await copy(reader, [a.fileID]),
      await t.app.inject({
        method: 'POST',
        url: '/st/4/jobs/default/files_dedup',
        headers: { authorization: reader.auth },
        payload: { path: 'x.jpg', checksum: a.checksum, mtime: 1 },
      }),
      await (async () => {
        const { body, contentType } = multipartBody(
          { path: 'new.jpg', mtime: '1' },
          { name: 'new.jpg', data: Buffer.from(randomUUID()) },
        );
        return t.app.inject({
          method: 'POST',
          url: '/st/4/jobs/default/upload',
          headers: { authorization: reader.auth, 'content-type': contentType },
          payload: body,
        });
      })(),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ error: 'read_only_user' });
    }
    expect((await fileRow(a.fileID))?.deleted_at).not.toBeNull();

    // Delete forever (one file), then empty the trash (the rest): used_space reaches zero.
    const one = await purge(reader, a.fileID);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().results).toEqual([{ file_uuid: a.fileID, status: 'ok' }]);
    const rest = await purge(reader, [b.fileID, c.fileID]);
    expect(rest.json()).toEqual({
      results: [
        { file_uuid: b.fileID, status: 'ok' },
        { file_uuid: c.fileID, status: 'ok' },
      ],
      used_space: 0,
    });
    for (const file of [a, b, c]) expect(await fileRow(file.fileID)).toBeUndefined();
    expect(await usage().recomputeUsedSpace(reader.userId)).toBe(0);
    // Another user's file cannot be purged, trashed or not.
    expect((await purge(reader, others.fileID)).json().results[0]).toMatchObject({
      error_reason: 'not_found',
    });
    expect(await fileRow(others.fileID)).toBeDefined();
  });

  it('keeps months, stats, used_space and content references exact over random action sequences', async () => {
    const names = ['p.jpg', 'v.mp4', 'screenshot_s.png', 'd.txt'];
    const payloads = [0, 1, 2].map((i) => Buffer.from(`payload ${i} ${randomUUID()}`));
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('upload' as const),
        name: fc.nat(names.length - 1),
        month: fc.integer({ min: 1, max: 3 }),
        day: fc.integer({ min: 1, max: 28 }),
        payload: fc.option(fc.nat(payloads.length - 1), { nil: undefined }),
      }),
      fc.record({
        kind: fc.constantFrom('delete' as const, 'restore' as const, 'purge' as const, 'copy' as const),
        pick: fc.nat(30),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 16 }), async (ops) => {
        const who = await t.signUp();
        // Targets come from the pool each action applies to, so restores and purges really happen.
        const live: string[] = [];
        const trashed: string[] = [];
        const take = (pool: string[], pick: number) => pool[pick % Math.max(1, pool.length)];
        const move = (from: string[], to: string[] | null, id: string) => {
          from.splice(from.indexOf(id), 1);
          to?.push(id);
        };
        for (const step of ops) {
          if (step.kind === 'upload') {
            const name = names[step.name] as string;
            const data =
              step.payload === undefined
                ? undefined
                : Buffer.from([...(payloads[step.payload] as Buffer), step.name]);
            live.push(
              (await uploadAt(t, who, name, utc(2024, step.month, step.day, step.day % 24), data)).fileID,
            );
            continue;
          }
          const target = take(step.kind === 'restore' || step.kind === 'purge' ? trashed : live, step.pick);
          if (!target) continue;
          const res =
            step.kind === 'delete'
              ? await deleteFiles(who, [target])
              : step.kind === 'restore'
                ? await restore(who, [target])
                : step.kind === 'purge'
                  ? await purge(who, [target])
                  : await copy(who, [target]);
          expect(res.statusCode, res.body).toBe(200);
          if (step.kind !== 'copy') expect(res.json().results[0].status).toBe('ok');
          if (step.kind === 'delete') move(live, trashed, target);
          if (step.kind === 'restore') move(trashed, live, target);
          if (step.kind === 'purge') move(trashed, null, target);
          if (step.kind === 'copy') live.push(...res.json().copied.map((c: { to: string }) => c.to));
        }
        const job = await http.job(who);
        const rows = await t.store.db
          .selectFrom('files')
          .select(['taken_at', 'file_type', 'is_screenshot', 'content_sha256'])
          .where('job_id', '=', job.id)
          .where('deleted_at', 'is', null)
          .execute();
        expect(await monthsOf(who)).toEqual(recomputeMonths(rows));
        // timeline_files, which the one-month list reads, mirrors live files and their contents.
        const mirror = () =>
          t.store.db
            .selectFrom('timeline_files')
            .select(['id', 'taken_at', 'content_sha256', 'path', 'width', 'encode_status', 'thumbhash'])
            .where('job_id', '=', job.id)
            .orderBy('id')
            .execute();
        const source = () =>
          t.store.db
            .selectFrom('files')
            .innerJoin('contents', 'contents.sha256', 'files.content_sha256')
            .select([
              'files.id',
              'files.taken_at',
              'files.content_sha256',
              'files.path',
              'contents.width',
              'contents.encode_status',
              'contents.thumbhash',
            ])
            .where('files.job_id', '=', job.id)
            .where('files.deleted_at', 'is', null)
            .orderBy('files.id')
            .execute();
        expect(await mirror()).toEqual(await source());
        const shown = rows[0]?.content_sha256;
        if (shown) {
          await t.store.db
            .updateTable('contents')
            .set({ thumbhash: 'changed' })
            .where('sha256', '=', shown)
            .execute();
          expect(await mirror()).toEqual(await source());
        }
        const pictures = rows.filter((r) => r.file_type === 'Pictures');
        const shots = pictures.filter((r) => r.is_screenshot).length;
        const stats = {
          picture_count: pictures.length - shots,
          video_count: rows.filter((r) => r.file_type === 'Movies').length,
          screenshot_count: shots,
          document_count: rows.filter((r) => r.file_type === 'Documents').length,
        };
        expect((await http.get(who, '/st/4/jobs/default/stats')).json()).toEqual(stats);
        const { usedSpace, counters } = await usage().usageOf(who.userId);
        expect(counters).toEqual(stats);
        expect(usedSpace).toBe(await usage().recomputeUsedSpace(who.userId));
        for (const sha of new Set(rows.map((r) => r.content_sha256))) {
          const refs = await t.store.db
            .selectFrom('files')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('content_sha256', '=', sha)
            .executeTakeFirstOrThrow();
          expect((await contentRow(sha))?.ref_count).toBe(Number(refs.n));
        }
      }),
      { numRuns: kind === 'sqlite' ? 15 : 8 },
    );
  }, 240_000);
});

/** The months summary computed from file rows, independently of timeline_days. */
function recomputeMonths(
  rows: { taken_at: number; file_type: string; is_screenshot: number }[],
): TimelineMonth[] {
  const byMonth = new Map<
    string,
    { year: number; month: number; media: number[]; all: number[]; counts: number[] }
  >();
  for (const row of rows) {
    const date = new Date(Number(row.taken_at));
    const key = `${date.getUTCFullYear()}-${date.getUTCMonth() + 1}`;
    const entry = byMonth.get(key) ?? {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      media: [],
      all: [],
      counts: [0, 0, 0, 0],
    };
    const day = date.getUTCDate();
    entry.all.push(day);
    const counts = entry.counts as [number, number, number, number];
    if (row.file_type === 'Pictures') counts[0] += 1;
    if (row.file_type === 'Movies') counts[1] += 1;
    if (row.file_type === 'Pictures' && row.is_screenshot) counts[2] += 1;
    if (row.file_type === 'Documents') counts[3] += 1;
    if (row.file_type !== 'Documents') entry.media.push(day);
    byMonth.set(key, entry);
  }
  return [...byMonth.values()]
    .sort((a, b) => b.year - a.year || b.month - a.month)
    .map((m) => {
      const days = m.media.length > 0 ? m.media : m.all;
      const [pictures, videos, screenshots, documents] = m.counts as [number, number, number, number];
      return {
        year: m.year,
        month: m.month,
        startDay: Math.min(...days),
        endDay: Math.max(...days),
        pictures,
        videos,
        screenshots,
        documents,
      };
    });
}
