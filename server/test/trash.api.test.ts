import { randomUUID } from 'node:crypto';
import { BULK_CHUNK } from '@nordlys/contract/timeline';
import type { DeletedAlbum, TrashFile } from '@nordlys/contract/trash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrashPurgeService, purgeTrashedFile } from '../src/services/trash-purge.service';
import { createRepositories } from '../src/store/repositories';
import { albumApi } from './album-test-helpers';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { type Auth, api, uploadAt, utc } from './timeline-test-helpers';
import { setMaxSpace } from './upload-helpers';

const DAY = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)('trash API on %s', (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  /** The server's clock; tests move it forward. */
  let now = Date.UTC(2026, 2, 1, 12);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: () => now });
    http = api(t);
  });
  afterAll(async () => t?.close());

  const deleteFiles = (who: Auth | null, ids: string[], job = 'default') =>
    http.post(who, `/st/4/jobs/${job}/delete_files`, { file_uuids: ids });
  const restore = (who: Auth | null, ids: string[]) =>
    http.post(who, '/st/4/trash_can/restore', { file_uuids: ids });
  const rollback = (who: Auth | null, job: string, ids: string[]) =>
    http.post(who, `/st/4/jobs/${job}/multi_rollback`, { file_uuids: ids });
  const listTrash = (who: Auth | null, query = '') => http.get(who, `/st/4/trash_can${query}`);
  const trashOf = async (who: Auth): Promise<TrashFile[]> => (await listTrash(who)).json().files;
  const fileRow = (id: string) =>
    t.store.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  const contentRow = (sha: string) =>
    t.store.db.selectFrom('contents').selectAll().where('sha256', '=', sha).executeTakeFirst();
  const repos = () => createRepositories(t.store);
  const purgeService = () => createTrashPurgeService({ repos: repos(), blobs: t.blobs, clock: () => now });

  it('lists the trash newest deletion first with daysRemaining, paging and the total in X-Total-Items', async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    const old = await uploadAt(t, alice, 'Camera/old.jpg', utc(2024, 5, 1));
    const recent = await uploadAt(t, alice, 'recent.mp4', utc(2024, 5, 2));
    const kept = await uploadAt(t, alice, 'kept.jpg', utc(2024, 5, 3));
    const deletedOldAt = now;
    expect((await deleteFiles(alice, [old.fileID])).statusCode).toBe(200);
    now += 10 * DAY + 1000;
    expect((await deleteFiles(alice, [recent.fileID])).statusCode).toBe(200);

    const res = await listTrash(alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-items']).toBe('2');
    const files: TrashFile[] = res.json().files;
    expect(files.map((f) => f.id)).toEqual([recent.fileID, old.fileID]);
    expect(files.map((f) => f.daysRemaining)).toEqual([90, 80]);
    expect(files[1]).toMatchObject({
      job: old.jobID,
      path: 'Camera/old.jpg',
      size: old.size,
      mtime: utc(2024, 5, 1),
      dtime: Math.floor(deletedOldAt / 1000),
      master: '0',
      group_type: null,
      file_type: 'Pictures',
    });
    expect(files[0]?.file_type).toBe('Movies');
    expect(files.map((f) => f.id)).not.toContain(kept.fileID);

    // Trash thumbnails are signed like the others: the URL opens, a changed signature does not.
    const thumb = files[1]?.thumbURLSmall as string;
    expect(thumb).toMatch(new RegExp(`^/th/3/trash/${old.jobID}/${old.fileID}\\?area=256&exp=\\d+&sig=`));
    expect((await t.app.inject({ url: thumb })).statusCode).not.toBe(403);
    expect((await t.app.inject({ url: `${thumb.slice(0, -2)}xx` })).statusCode).toBe(403);

    const page = await listTrash(alice, '?offset=1&limit=1');
    expect(page.headers['x-total-items']).toBe('2');
    expect(page.json().files.map((f: TrashFile) => f.id)).toEqual([old.fileID]);

    // Nobody else sees it; bad paging is a 400 naming the field; no session is a 401.
    expect(await trashOf(bob)).toEqual([]);
    expect((await listTrash(bob)).headers['x-total-items']).toBe('0');
    const bad = await listTrash(alice, '?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('querystring.limit');
    expect((await listTrash(null)).statusCode).toBe(401);

    // Restored files leave the trash and count again.
    expect((await restore(alice, [old.fileID])).json().results).toEqual([
      { file_uuid: old.fileID, status: 'ok' },
    ]);
    expect((await trashOf(alice)).map((f) => f.id)).toEqual([recent.fileID]);
  });

  it('tells a path in the trash from a live one and from one with no record', async () => {
    const carol = await t.signUp();
    const photo = await uploadAt(t, carol, 'meta.jpg', utc(2024, 6, 1));
    const meta = (who: Auth) => http.get(who, '/st/4/jobs/default/metadata/meta.jpg');
    expect((await meta(carol)).json().existence).toBe('exists');
    await deleteFiles(carol, [photo.fileID]);
    expect((await meta(carol)).json().existence).toBe('trashed');
    await http.post(carol, '/st/4/empty_trash_can', { fileid: photo.fileID });
    const gone = await meta(carol);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'deleted' });
  });

  it('takes at most 200 ids per restore, delete-forever and rollback call, answering each id', async () => {
    const dave = await t.signUp();
    const files = [];
    for (let i = 0; i < 3; i += 1) files.push(await uploadAt(t, dave, `c${i}.jpg`, utc(2024, 7, i + 1)));
    await deleteFiles(
      dave,
      files.map((f) => f.fileID),
    );
    const unknown = Array.from({ length: BULK_CHUNK - files.length }, () => randomUUID());
    const chunk = [...files.map((f) => f.fileID), ...unknown];
    expect(chunk).toHaveLength(200);

    const tooMany = [...chunk, randomUUID()];
    for (const res of [
      await restore(dave, tooMany),
      await rollback(dave, 'default', tooMany),
      await http.post(dave, '/st/4/empty_trash_can', { fileid: tooMany }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^body\.(file_uuids|fileid)/);
    }
    expect(await trashOf(dave)).toHaveLength(3);

    const res = await restore(dave, chunk);
    expect(res.statusCode).toBe(200);
    const results = res.json().results as { file_uuid: string; status: string; error_reason?: string }[];
    expect(results).toHaveLength(200);
    expect(results.slice(0, 3).every((r) => r.status === 'ok')).toBe(true);
    expect(results.slice(3).every((r) => r.error_reason === 'not_found')).toBe(true);
    expect(await trashOf(dave)).toEqual([]);
  });

  it('refuses a restore while the account is over max_space, keeps the file trashed; within it adds nothing', async () => {
    const erin = await t.signUp();
    const big = await uploadAt(t, erin, 'big.jpg', utc(2024, 8, 1), Buffer.alloc(6000, 7));
    const small = await uploadAt(t, erin, 'small.jpg', utc(2024, 8, 2), Buffer.alloc(2000, 8));
    const total = big.size + small.size;
    // Trashing keeps the bytes counted: used_space does not move.
    expect((await deleteFiles(erin, [big.fileID])).json().used_space).toBe(total);
    expect((await repos().usage.usageOf(erin.userId)).usedSpace).toBe(total);
    // A downgrade leaves the account over its storage.
    await setMaxSpace(t, erin.userId, total - 1);
    const refused = await restore(erin, [big.fileID]);
    expect(refused.json()).toEqual({
      results: [{ file_uuid: big.fileID, status: 'error', error_reason: 'out_of_storage' }],
      used_space: total,
      max_space: total - 1,
    });
    expect((await trashOf(erin)).map((f) => f.id)).toEqual([big.fileID]);
    // The Undo path refuses the same way: it is the same restore.
    expect((await rollback(erin, 'default', [big.fileID])).json().results[0].error_reason).toBe(
      'out_of_storage',
    );
    // Within max_space it goes through, and used_space stays where it was.
    await setMaxSpace(t, erin.userId, total);
    expect((await restore(erin, [big.fileID])).json()).toEqual({
      results: [{ file_uuid: big.fileID, status: 'ok' }],
      used_space: total,
      max_space: total,
    });
    expect(await trashOf(erin)).toEqual([]);
    expect(await repos().usage.recomputeUsedSpace(erin.userId)).toBe(total);
  });

  it('releases used_space with the row when a file is deleted forever, in one transaction', async () => {
    const olga = await t.signUp();
    const file = await uploadAt(t, olga, 'forever.jpg', utc(2024, 10, 1), Buffer.alloc(4000, 3));
    const copy = await uploadAt(t, olga, 'copy.jpg', utc(2024, 10, 2), Buffer.alloc(4000, 3));
    const other = await uploadAt(t, olga, 'other.jpg', utc(2024, 10, 3), Buffer.alloc(1000, 4));
    expect(copy.checksum).toBe(file.checksum);
    await deleteFiles(olga, [file.fileID, other.fileID]);
    const usedOf = async () => (await repos().usage.usageOf(olga.userId)).usedSpace;
    expect(await usedOf()).toBe(file.size + other.size);

    // The row and the usage go together: rolled back, neither has moved.
    const row = (await fileRow(other.fileID)) as NonNullable<Awaited<ReturnType<typeof fileRow>>>;
    const rolledBack = new Error('rolled back');
    await expect(
      repos().transaction(async (tx) => {
        expect(await purgeTrashedFile(tx, row, [])).toBe(true);
        expect((await tx.usage.usageOf(olga.userId)).usedSpace).toBe(file.size);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await fileRow(other.fileID)).toBeDefined();
    expect(await usedOf()).toBe(file.size + other.size);

    const forever = await http.post(olga, '/st/4/empty_trash_can', { fileid: [other.fileID, file.fileID] });
    expect(forever.statusCode, forever.body).toBe(200);
    // other's bytes leave used_space; file's stay, its live copy still holds them.
    expect(forever.json().used_space).toBe(file.size);
    expect(await fileRow(other.fileID)).toBeUndefined();
    expect(await fileRow(file.fileID)).toBeUndefined();
    expect(await repos().usage.recomputeUsedSpace(olga.userId)).toBe(file.size);
  });

  it('undoes a deletion through multi_rollback: only that job, only its owner or uploader', async () => {
    const frank = await t.signUp();
    const grace = await t.signUp();
    const mine = await uploadAt(t, frank, 'undo.jpg', utc(2024, 9, 1));
    const hers = await uploadAt(t, grace, 'hers.jpg', utc(2024, 9, 2));
    await deleteFiles(frank, [mine.fileID]);
    await deleteFiles(grace, [hers.fileID]);

    // Another user's job is not found; another user's file in one's own job is not found either.
    expect((await rollback(grace, mine.jobID, [mine.fileID])).statusCode).toBe(404);
    expect((await rollback(frank, 'default', [hers.fileID])).json().results).toEqual([
      { file_uuid: hers.fileID, status: 'error', error_reason: 'not_found' },
    ]);
    expect((await fileRow(hers.fileID))?.deleted_at).not.toBeNull();
    expect((await rollback(null, 'default', [mine.fileID])).statusCode).toBe(401);

    const undo = await rollback(frank, mine.jobID, [mine.fileID]);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({
      results: [{ file_uuid: mine.fileID, status: 'ok' }],
      used_space: mine.size,
    });
    expect((await fileRow(mine.fileID))?.deleted_at).toBeNull();
    expect((await http.get(frank, `/st/4/jobs/default/files_by_id/${mine.fileID}`)).statusCode).toBe(200);

    await t.store.db.updateTable('users').set({ is_read_only: 1 }).where('id', '=', grace.userId).execute();
    expect((await rollback(grace, 'default', [hers.fileID])).statusCode).toBe(403);
  });

  it('answers the trash archive as a ZIP to its owner only (archives.api.test.ts checks the entries)', async () => {
    const heidi = await t.signUp();
    const res = await http.get(heidi, '/st/4/trash_can/files_as_archive');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect((await http.get(null, '/st/4/trash_can/files_as_archive')).statusCode).toBe(401);
  });

  it('purges 90 days after deletion: rows, bytes and used_space go together, a twin keeps its bytes', async () => {
    const ivan = await t.signUp();
    const judy = await t.signUp();
    const usedBefore = (await repos().usage.usageOf(ivan.userId)).usedSpace;
    const alone = await uploadAt(t, ivan, 'alone.jpg', utc(2023, 1, 1));
    const twinBytes = Buffer.from(`twin ${randomUUID()}`);
    const twin = await uploadAt(t, ivan, 'twin.jpg', utc(2023, 1, 2), twinBytes);
    const judysTwin = await uploadAt(t, judy, 'judy-twin.jpg', utc(2023, 1, 3), twinBytes);
    const young = await uploadAt(t, ivan, 'young.jpg', utc(2023, 1, 4));
    // Ivan's own deduplicated pair: the trashed one goes, the live one keeps bytes and usage.
    const ownBytes = Buffer.from(`own twin ${randomUUID()}`);
    const ownKept = await uploadAt(t, ivan, 'own-kept.jpg', utc(2023, 1, 5), ownBytes);
    const ownTrashed = await uploadAt(t, ivan, 'own-trashed.jpg', utc(2023, 1, 6), ownBytes);
    const judyUsed = (await repos().usage.usageOf(judy.userId)).usedSpace;
    const ivanUsed = usedBefore + alone.size + twin.size + young.size + ownKept.size;
    expect((await repos().usage.usageOf(ivan.userId)).usedSpace).toBe(ivanUsed);
    const aloneContent = await contentRow(alone.checksum);
    const aloneKey = aloneContent?.blob_key as string;
    const twinKey = (await contentRow(twin.checksum))?.blob_key as string;
    const derived = `derived/${alone.checksum}/thumb-256.webp`;
    await t.blobs.put(derived, Buffer.from('thumbnail'));

    await deleteFiles(ivan, [alone.fileID, twin.fileID, ownTrashed.fileID]);
    now += 2 * DAY;
    await deleteFiles(ivan, [young.fileID]);
    // In the trash everything still counts.
    expect((await repos().usage.usageOf(ivan.userId)).usedSpace).toBe(ivanUsed);

    // 89 days after the first deletion nothing is due yet.
    now += 87 * DAY;
    // (Other tests' trash shares the database, so the counts are checked through the rows.)
    expect((await purgeService().purgeExpired()).ran).toBe(true);
    expect(await fileRow(alone.fileID)).toBeDefined();
    expect((await trashOf(ivan)).find((f) => f.id === alone.fileID)?.daysRemaining).toBe(1);
    expect((await repos().usage.usageOf(ivan.userId)).usedSpace).toBe(ivanUsed);

    // 91 days after it, the first two go; the one deleted two days later stays.
    now += 2 * DAY;
    const outcome = await purgeService().purgeExpired();
    expect(outcome.ran).toBe(true);
    expect(outcome.files).toBeGreaterThanOrEqual(2);
    expect(await fileRow(alone.fileID)).toBeUndefined();
    expect(await fileRow(twin.fileID)).toBeUndefined();
    expect(await fileRow(ownTrashed.fileID)).toBeUndefined();
    expect(await contentRow(alone.checksum)).toBeUndefined();
    expect(await t.blobs.exists(aloneKey)).toBe(false);
    expect(await t.blobs.exists(derived)).toBe(false);
    // Judy's live file over the same bytes keeps them.
    expect((await contentRow(twin.checksum))?.ref_count).toBe(1);
    expect(await t.blobs.exists(twinKey)).toBe(true);
    expect((await http.get(judy, `/st/4/jobs/default/files_by_id/${judysTwin.fileID}`)).statusCode).toBe(200);
    expect((await repos().usage.usageOf(judy.userId)).usedSpace).toBe(judyUsed);
    // Ivan's live twin keeps its bytes and its usage.
    expect((await contentRow(ownKept.checksum))?.ref_count).toBe(1);
    expect((await http.get(ivan, `/st/4/jobs/default/files_by_id/${ownKept.fileID}`)).statusCode).toBe(200);
    // used_space lost the purged files' bytes (the young file, still in the trash, and the live
    // twin still count), and equals a recomputation from the rows.
    const usage = await repos().usage.usageOf(ivan.userId);
    expect(usage.usedSpace).toBe(usedBefore + young.size + ownKept.size);
    expect(await repos().usage.recomputeUsedSpace(ivan.userId)).toBe(usage.usedSpace);
    expect((await trashOf(ivan)).map((f) => [f.id, f.daysRemaining])).toEqual([[young.fileID, 1]]);
  });

  it('runs one purge at a time across processes: a held lease makes another purger skip its run', async () => {
    const kim = await t.signUp();
    const file = await uploadAt(t, kim, 'leased.jpg', utc(2022, 2, 2));
    await deleteFiles(kim, [file.fileID]);
    now += 91 * DAY;
    const leases = repos().taskLeases;
    expect(await leases.claim('trash-purge', 'other-process', now, now + 60_000)).toBe(true);
    expect(await purgeService().purgeExpired()).toEqual({ ran: false, files: 0, albums: 0, contents: 0 });
    expect(await fileRow(file.fileID)).toBeDefined();
    // A lease that ran out (its holder died) is taken over.
    now += 61_000;
    expect((await purgeService().purgeExpired()).ran).toBe(true);
    expect(await fileRow(file.fileID)).toBeUndefined();
    // Released after the run: the other process may take it at once.
    expect(await leases.claim('trash-purge', 'other-process', now, now + 60_000)).toBe(true);
    await leases.release('trash-purge', 'other-process');
  });

  describe('albums', () => {
    const albums = () => albumApi(t);
    const deleteAlbum = (who: Auth, id: string) => albums().call('DELETE', `/st/4/jobs/${id}`, { who });
    const trashedAlbums = async (who: Auth): Promise<DeletedAlbum[]> =>
      (await http.get(who, '/st/4/trash_can_albums')).json();
    const rollbackAlbums = (who: Auth | null, ids: string[]) =>
      http.post(who, '/st/4/rollback_albums', { job_uuids: ids });
    const deleteForever = (who: Auth | null, ids: string[]) =>
      t.app.inject({
        method: 'DELETE',
        url: '/st/4/delete_albums_from_trash_can',
        headers: who ? { authorization: who.auth } : {},
        payload: { job_uuids: ids },
      });

    it('lists a deleted album and restores it with its files; nobody else can', async () => {
      const olga = await t.signUp();
      const peter = await t.signUp();
      const album = await albums().create(olga, { name: 'Summer' });
      const one = await albums().addFile(olga, album.id, 'one.jpg');
      await albums().addFile(olga, album.id, 'two.jpg');
      const deletedAt = now;
      expect((await deleteAlbum(olga, album.id)).statusCode).toBe(204);

      const listed = await trashedAlbums(olga);
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({
        id: album.id,
        name: 'Summer',
        media_count: 2,
        dtime: Math.floor(deletedAt / 1000),
      });
      expect(listed[0]?.cover_id).toEqual(expect.any(String));
      expect(listed[0]?.coverURL).toMatch(new RegExp(`^/th/3/trash/${album.id}/`));
      expect((await t.app.inject({ url: listed[0]?.coverURL as string })).statusCode).not.toBe(403);
      // Its files are in the trash with it, not one by one.
      expect((await trashOf(olga)).map((f) => f.id)).not.toContain(one.album.fileID);

      expect(await trashedAlbums(peter)).toEqual([]);
      expect((await rollbackAlbums(peter, [album.id])).json()).toEqual({ success: [] });
      expect((await deleteForever(peter, [album.id])).json()).toEqual({ success: [] });
      expect((await http.get(null, '/st/4/trash_can_albums')).statusCode).toBe(401);
      expect((await rollbackAlbums(olga, [])).statusCode).toBe(400);
      expect((await http.post(olga, '/st/4/rollback_albums', {})).json().error).toContain('body');

      const restored = await rollbackAlbums(olga, [album.id, randomUUID()]);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json()).toEqual({ success: [{ uuid: album.id }] });
      expect(await trashedAlbums(olga)).toEqual([]);
      const back = await albums().call('GET', `/st/4/jobs/${album.id}`, { who: olga });
      expect(back.statusCode).toBe(200);
      expect(back.json().media_count).toBe(2);
    });

    it('restores the last file with an album that went to the trash with it', async () => {
      const quinn = await t.signUp();
      const album = await albums().create(quinn, { name: 'Last' });
      const { album: file } = await albums().addFile(quinn, album.id, 'last.jpg');
      await deleteFiles(quinn, [file.fileID], album.id);
      expect((await trashedAlbums(quinn)).map((a) => [a.id, a.media_count])).toEqual([[album.id, 1]]);
      expect((await rollbackAlbums(quinn, [album.id])).json()).toEqual({ success: [{ uuid: album.id }] });
      expect((await fileRow(file.fileID))?.deleted_at).toBeNull();
      expect((await albums().call('GET', `/st/4/jobs/${album.id}`, { who: quinn })).json().media_count).toBe(
        1,
      );
    });

    it('deletes an album forever: rows go, bytes only when nothing else holds them, used_space exact', async () => {
      const rita = await t.signUp();
      const album = await albums().create(rita, { name: 'Gone' });
      const { timeline, album: inAlbum } = await albums().addFile(rita, album.id, 'shared.jpg');
      const { timeline: alone, album: aloneInAlbum } = await albums().addFile(rita, album.id, 'alone.jpg');
      // The timeline copy of one of them goes for good first: only the album holds those bytes now.
      await deleteFiles(rita, [alone.fileID]);
      await http.post(rita, '/st/4/empty_trash_can', { fileid: alone.fileID });
      const aloneKey = (await contentRow(alone.checksum))?.blob_key as string;
      const sharedKey = (await contentRow(timeline.checksum))?.blob_key as string;
      expect(await t.blobs.exists(aloneKey)).toBe(true);
      const usedBefore = (await repos().usage.usageOf(rita.userId)).usedSpace;
      expect(usedBefore).toBe(timeline.size + alone.size);

      await deleteAlbum(rita, album.id);
      // In the trash the album's files still count.
      expect((await repos().usage.usageOf(rita.userId)).usedSpace).toBe(usedBefore);
      const res = await deleteForever(rita, [album.id]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: [{ uuid: album.id }] });
      expect(await trashedAlbums(rita)).toEqual([]);
      expect(await fileRow(inAlbum.fileID)).toBeUndefined();
      expect(await fileRow(aloneInAlbum.fileID)).toBeUndefined();
      expect(await contentRow(alone.checksum)).toBeUndefined();
      expect(await t.blobs.exists(aloneKey)).toBe(false);
      expect(await t.blobs.exists(sharedKey)).toBe(true);
      expect((await http.get(rita, `/st/4/jobs/default/files_by_id/${timeline.fileID}`)).statusCode).toBe(
        200,
      );
      const usage = await repos().usage.usageOf(rita.userId);
      expect(usage.usedSpace).toBe(timeline.size);
      expect(await repos().usage.recomputeUsedSpace(rita.userId)).toBe(usage.usedSpace);
      expect((await albums().call('GET', `/st/4/jobs/${album.id}`, { who: rita })).statusCode).toBe(404);
    });

    it('purges an album 90 days after its deletion', async () => {
      const sam = await t.signUp();
      const album = await albums().create(sam, { name: 'Old' });
      const { album: file } = await albums().addFile(sam, album.id, 'old.jpg');
      await deleteAlbum(sam, album.id);
      now += 89 * DAY;
      await purgeService().purgeExpired();
      expect((await trashedAlbums(sam)).map((a) => a.id)).toEqual([album.id]);
      now += 2 * DAY;
      const outcome = await purgeService().purgeExpired();
      expect(outcome.albums).toBeGreaterThanOrEqual(1);
      expect(await trashedAlbums(sam)).toEqual([]);
      expect(await fileRow(file.fileID)).toBeUndefined();
      const usage = await repos().usage.usageOf(sam.userId);
      expect(await repos().usage.recomputeUsedSpace(sam.userId)).toBe(usage.usedSpace);
    });
  });
});
