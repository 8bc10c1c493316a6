import type { Comment } from '@nordlys/contract/comment';
import {
  CHANGE_COMMENT,
  CHANGE_FILE_ADDED,
  type ChangesAndUploadStatus,
  type PollReply,
} from '@nordlys/contract/job-changes';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumApi } from './album-test-helpers';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { type Auth, uploadAt } from './timeline-test-helpers';

describe.each(databaseKinds)('the change feed and the poll host on %s', (kind) => {
  let t: TestApp;
  let albums: ReturnType<typeof albumApi>;
  let owner: Auth;
  let participant: Auth;
  let stranger: Auth;

  beforeAll(async () => {
    t = await createTestApp(kind);
    albums = albumApi(t);
    owner = await t.signUp();
    participant = await t.signUp();
    stranger = await t.signUp();
  }, 60_000);
  afterAll(() => t?.close());

  const sharedAlbum = () => albums.sharedWithParticipant(owner, participant);

  const poll = (id: string, who: Auth | null, seq: number, holdMs?: number) =>
    albums.call(
      'GET',
      `/poll/jobs/${id}/poll?seq=${seq}${holdMs === undefined ? '' : `&hold_ms=${holdMs}`}`,
      { who },
    );
  const changes = (id: string, since: number, who: Auth = owner) => albums.changes(id, since, who);
  const comment = (id: string, fileId: string, who: Auth, text: string) =>
    albums.comment(id, fileId, { who }, text);

  it('answers ok with the serial at once when the job is already past seq', async () => {
    const { id } = await sharedAlbum();
    const { serial } = await changes(id, 0);
    expect(serial).toBeGreaterThan(0);
    const res = await poll(id, participant, serial - 1);
    expect(res.json()).toEqual({ result: 'ok', seq: serial } satisfies PollReply);
  });

  it('holds until the hold time passes and answers timeout', async () => {
    const { id } = await sharedAlbum();
    const { serial } = await changes(id, 0);
    const started = Date.now();
    const res = await poll(id, participant, serial, 300);
    expect(res.json()).toEqual({ result: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('a comment wakes a held poll of another reader with the new serial', async () => {
    const { id, fileId } = await sharedAlbum();
    const { serial } = await changes(id, 0);
    const held = poll(id, participant, serial, 10_000);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    expect((await comment(id, fileId, owner, 'wake up')).statusCode).toBe(201);
    const reply = (await held).json() as PollReply;
    expect(reply).toEqual({ result: 'ok', seq: serial + 1 });
    expect(Date.now() - started).toBeLessThan(1000);
    const feed = await changes(id, serial, participant);
    expect(feed.changes.map((c) => c.type)).toEqual([CHANGE_COMMENT]);
  });

  it("an upload wakes a poll held on the uploader's timeline (the default job)", async () => {
    const job = (await albums.call('GET', '/st/4/jobs/default', { who: owner })).json() as { serial: number };
    const held = poll('default', owner, job.serial, 10_000);
    await new Promise((r) => setTimeout(r, 50));
    const file = await uploadAt(t, owner, 'wake.jpg', 1_700_000_000);
    expect(((await held).json() as PollReply).result).toBe('ok');
    const feed = await changes('default', job.serial);
    expect(feed.changes.map((c) => [c.type, c.id])).toEqual([[CHANGE_FILE_ADDED, file.fileID]]);
  });

  it('applies the rules of reading the job', async () => {
    const priv = await albums.create(owner, { name: 'Mine' });
    expect((await poll(priv.id, stranger, 0, 0)).statusCode).toBe(403);
    expect((await poll(priv.id, null, 0, 0)).statusCode).toBe(403);
    expect((await poll('default', null, 0, 0)).statusCode).toBe(401);
    expect((await poll('no-such-job', owner, 0, 0)).statusCode).toBe(404);
    expect((await poll(priv.id, owner, -1, 0)).statusCode).toBe(400);
    const missingSeq = await albums.call('GET', `/poll/jobs/${priv.id}/poll`, { who: owner });
    expect(missingSeq.statusCode).toBe(400);
    expect(missingSeq.json().error).toContain('seq');
    const tooLong = await poll(priv.id, owner, 0, 60_000);
    expect(tooLong.statusCode).toBe(400);
    const shared = await sharedAlbum();
    // A visitor of a shared album may hold a poll on it, signed out too.
    expect((await poll(shared.id, null, 0, 0)).json()).toMatchObject({ result: 'ok' });
    const timelineOfOther = (await albums.call('GET', '/st/4/jobs/default', { who: owner })).json() as {
      id: string;
    };
    expect((await poll(timelineOfOther.id, stranger, 0, 0)).statusCode).toBe(404);
    expect(
      (await albums.call('GET', `/st/4/jobs/${priv.id}/changes_and_async_upload_status`, { who: stranger }))
        .statusCode,
    ).toBe(403);
  });

  it("changes_and_async_upload_status adds the caller's files still being processed", async () => {
    // An uploader of one file: other files' real processing cannot show up in the answers.
    const uploader = await t.signUp();
    const job = (await albums.call('GET', '/st/4/jobs/default', { who: uploader })).json() as {
      serial: number;
    };
    const file = await uploadAt(t, uploader, 'status.jpg', 1_700_000_000);
    const status = async (who: Auth, jobId = 'default', since = job.serial) => {
      const res = await albums.call(
        'GET',
        `/st/4/jobs/${jobId}/changes_and_async_upload_status?since=${since}`,
        { who },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ChangesAndUploadStatus;
    };
    const setThumb = (state: 'pending' | 'ready') =>
      t.store.db
        .updateTable('contents')
        .set({ thumb_status: state })
        .where('sha256', '=', file.checksum)
        .execute();
    await setThumb('pending');
    const processing = await status(uploader);
    expect(processing.changes.map((c) => [c.type, c.id])).toEqual([[CHANGE_FILE_ADDED, file.fileID]]);
    expect(processing.async_upload_status.processing).toEqual([file.fileID]);
    await setThumb('ready');
    expect((await status(uploader)).async_upload_status.processing).toEqual([]);
    // Another reader of an album sees the changes, not the uploader's processing files.
    const { id, fileId } = await sharedAlbum();
    const albumFile = await t.store.db
      .selectFrom('files')
      .select('content_sha256')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    await t.store.db
      .updateTable('contents')
      .set({ encode_status: 'processing' })
      .where('sha256', '=', albumFile.content_sha256)
      .execute();
    expect((await status(owner, id, 0)).async_upload_status.processing).toContain(fileId);
    const seen = await status(participant, id, 0);
    expect(seen.async_upload_status.processing).toEqual([]);
    expect(seen.changes.map((c) => c.id)).toContain(fileId);
  });

  it('concurrent changes never leave a gap or a repeat in the serials', async () => {
    const { id, fileId } = await sharedAlbum();
    const actors = [owner, participant];
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('comment' as const),
        who: fc.integer({ min: 0, max: 1 }),
        text: fc.string({ minLength: 1, maxLength: 20 }),
      }),
      fc.record({ kind: fc.constant('love' as const), who: fc.integer({ min: 0, max: 1 }) }),
      fc.record({ kind: fc.constant('unlove' as const), who: fc.integer({ min: 0, max: 1 }) }),
      fc.record({ kind: fc.constant('delete' as const), who: fc.integer({ min: 0, max: 1 }) }),
    );
    const posted: Comment[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const start = (await changes(id, 0)).serial;
        const results = await Promise.all(
          ops.map(async (o) => {
            const who = actors[o.who] as Auth;
            const url = `/st/4/jobs/${id}/files_by_id/${fileId}`;
            if (o.kind === 'comment') {
              const res = await comment(id, fileId, who, `c${o.text.trim() || 'x'}`);
              if (res.statusCode === 201) posted.push(res.json() as Comment);
              return res.statusCode;
            }
            if (o.kind === 'love')
              return (await albums.call('POST', `${url}/reaction`, { who }, { reaction: 'love' })).statusCode;
            if (o.kind === 'unlove')
              return (await albums.call('DELETE', `${url}/reaction`, { who })).statusCode;
            const target = posted.shift();
            if (!target) return 204;
            return (await albums.call('DELETE', `${url}/comments/${target.commentUUID}`, { who: owner }))
              .statusCode;
          }),
        );
        expect(
          results.every((status) => status === 200 || status === 201 || status === 204 || status === 404),
        ).toBe(true);
        const feed = await changes(id, start);
        const serials = feed.changes.map((c) => c.serial);
        expect(serials).toEqual(serials.map((_, i) => start + 1 + i));
        expect(feed.serial).toBe(start + serials.length);
        const commentsPosted = ops.filter((o) => o.kind === 'comment').length;
        const commentSets = feed.changes.filter(
          (c) => c.type === CHANGE_COMMENT && (c.fields as { comment: string }).comment !== '',
        ).length;
        expect(commentSets).toBe(commentsPosted);
      }),
      { numRuns: 10 },
    );
  }, 120_000);
});
