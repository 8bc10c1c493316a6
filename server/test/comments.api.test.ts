import { NO_ACCESS_TO_SECURED_JOB, PUBLIC_JOB_AUTH_FAILED } from '@nordlys/contract/album';
import {
  COMMENT_EMPTY,
  COMMENTS_NOT_ALLOWED,
  type Comment,
  type FileComments,
  type FileLoves,
  NAME_REQUIRED,
} from '@nordlys/contract/comment';
import {
  CHANGE_COMMENT,
  CHANGE_EVENT_MARKER,
  CHANGE_REACTION,
  type CommentChangeFields,
  type ReactionChangeFields,
} from '@nordlys/contract/job-changes';
import type { JobChanges } from '@nordlys/contract/timeline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumApi, type Caller } from './album-test-helpers';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import type { Auth } from './timeline-test-helpers';

describe.each(databaseKinds)('comments and loves on %s', (kind) => {
  let t: TestApp;
  let albums: ReturnType<typeof albumApi>;
  let owner: Auth;
  let participant: Auth;
  let stranger: Auth;

  beforeAll(async () => {
    t = await createTestApp(kind);
    albums = albumApi(t);
    owner = await t.signUp({ name: 'Olga Owner' });
    participant = await t.signUp({ name: 'Per Participant' });
    stranger = await t.signUp({ name: 'Siri Stranger' });
  }, 60_000);
  afterAll(() => t?.close());

  const sharedAlbum = (body: Record<string, unknown> = {}) =>
    albums.sharedWithParticipant(owner, participant, body);
  const commentsUrl = (id: string, fileId: string) => `/st/4/jobs/${id}/files_by_id/${fileId}/comments`;
  const post = (id: string, fileId: string, caller: Caller, comment: string) =>
    albums.comment(id, fileId, caller, comment);
  const list = async (id: string, fileId: string, caller: Caller) => {
    const res = await albums.call('GET', commentsUrl(id, fileId), caller);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as FileComments;
  };
  const changesSince = (id: string, since: number) => albums.changes(id, since, owner);
  const guestToken = async (id: string, name: string, password?: string) => {
    const res = await albums.call('POST', `/st/4/jobs/${id}/guest`, { who: null, password }, { name });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { token: string }).token;
  };

  it('the owner comments, a participant reads it with the owner as author, the feed records it', async () => {
    const { id, fileId } = await sharedAlbum();
    const before = (await changesSince(id, 0)).serial;
    const res = await post(id, fileId, { who: owner }, '  What a view!  ');
    expect(res.statusCode, res.body).toBe(201);
    const comment = res.json() as Comment;
    expect(comment).toMatchObject({
      fileID: fileId,
      comment: 'What a view!',
      author: { uuid: owner.userId, name: 'Olga Owner', guest: false },
      edited: false,
      lastEditTimestamp: null,
      canEdit: true,
      canDelete: true,
    });
    const seen = await list(id, fileId, { who: participant });
    expect(seen.comments.map((c) => [c.commentUUID, c.comment, c.canEdit, c.canDelete])).toEqual([
      [comment.commentUUID, 'What a view!', false, false],
    ]);
    const feed = await changesSince(id, before);
    expect(feed.changes).toHaveLength(1);
    expect(feed.changes[0]).toMatchObject({
      serial: before + 1,
      type: CHANGE_COMMENT,
      id: comment.commentUUID,
    });
    const fields = feed.changes[0]?.fields as unknown as CommentChangeFields;
    expect(fields).toMatchObject({ fileID: fileId, comment: 'What a view!', author: { uuid: owner.userId } });
  });

  it('refuses an empty or blank comment with a 400 and writes nothing', async () => {
    const { id, fileId } = await sharedAlbum();
    const serial = (await changesSince(id, 0)).serial;
    for (const text of ['', '   \n\t ']) {
      const res = await post(id, fileId, { who: participant }, text);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: COMMENT_EMPTY });
    }
    const missing = await albums.call('POST', commentsUrl(id, fileId), { who: participant }, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain('comment');
    expect((await list(id, fileId, { who: owner })).comments).toEqual([]);
    expect((await changesSince(id, 0)).serial).toBe(serial);
  });

  it('comments only where the album allows them; the owner still may', async () => {
    const { id, fileId } = await sharedAlbum({ allow_comments: 0 });
    const denied = await post(id, fileId, { who: participant }, 'hello');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: COMMENTS_NOT_ALLOWED });
    expect((await post(id, fileId, { who: owner }, 'mine')).statusCode).toBe(201);
    expect((await list(id, fileId, { who: participant })).comments.map((c) => c.comment)).toEqual(['mine']);
  });

  it('authors edit their own; nobody else edits, not even the owner; an edit is flagged', async () => {
    const { id, fileId } = await sharedAlbum();
    const mine = (await post(id, fileId, { who: participant }, 'frist')).json() as Comment;
    const url = `${commentsUrl(id, fileId)}/${mine.commentUUID}`;
    for (const who of [owner, stranger]) {
      const res = await albums.call('PUT', url, { who }, { comment: 'hijacked' });
      expect(res.statusCode).toBe(403);
    }
    const blank = await albums.call('PUT', url, { who: participant }, { comment: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: COMMENT_EMPTY });
    const edited = await albums.call('PUT', url, { who: participant }, { comment: 'first' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ comment: 'first', edited: true, canEdit: true });
    expect((edited.json() as Comment).lastEditTimestamp).toBeGreaterThanOrEqual(mine.timestamp);
    const [stored] = (await list(id, fileId, { who: owner })).comments;
    expect(stored).toMatchObject({ comment: 'first', edited: true, canEdit: false, canDelete: true });
    const unknown = await albums.call(
      'PUT',
      `${commentsUrl(id, fileId)}/nope`,
      { who: participant },
      { comment: 'x' },
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('authors delete their own, the owner deletes any, others none; a delete is an empty comment in the feed', async () => {
    const { id, fileId } = await sharedAlbum();
    const byParticipant = (await post(id, fileId, { who: participant }, 'one')).json() as Comment;
    const byOwner = (await post(id, fileId, { who: owner }, 'two')).json() as Comment;
    const url = (c: Comment) => `${commentsUrl(id, fileId)}/${c.commentUUID}`;
    expect((await albums.call('DELETE', url(byOwner), { who: participant })).statusCode).toBe(403);
    expect((await albums.call('DELETE', url(byParticipant), { who: stranger })).statusCode).toBe(403);
    const serial = (await changesSince(id, 0)).serial;
    expect((await albums.call('DELETE', url(byParticipant), { who: owner })).statusCode).toBe(204);
    expect((await albums.call('DELETE', url(byOwner), { who: owner })).statusCode).toBe(204);
    expect((await albums.call('DELETE', url(byOwner), { who: owner })).statusCode).toBe(404);
    expect((await list(id, fileId, { who: participant })).comments).toEqual([]);
    const feed = await changesSince(id, serial);
    expect(
      feed.changes.map((c) => [c.type, c.id, (c.fields as unknown as CommentChangeFields).comment]),
    ).toEqual([
      [CHANGE_COMMENT, byParticipant.commentUUID, ''],
      [CHANGE_COMMENT, byOwner.commentUUID, ''],
    ]);
  });

  it('gives each reader their own rights on each comment, the same in the list and in the change feed', async () => {
    const { id, fileId } = await sharedAlbum();
    const since = (await changesSince(id, 0)).serial;
    const guest: Caller = { who: null, guestToken: await guestToken(id, 'Gunnar Guest') };
    const byGuest = (await post(id, fileId, guest, 'hei fra gjest')).json() as Comment;
    const byParticipant = (
      await post(id, fileId, { who: participant }, 'from a participant')
    ).json() as Comment;
    const readers: [string, Caller][] = [
      ['owner', { who: owner }],
      ['participant', { who: participant }],
      ['guest', guest],
      ['signed-in visitor', { who: stranger }],
      ['visitor without a name', { who: null }],
    ];
    const rightsIn = async (caller: Caller) => {
      const listed = Object.fromEntries(
        (await list(id, fileId, caller)).comments.map((c) => [c.commentUUID, [c.canEdit, c.canDelete]]),
      );
      const res = await albums.call('GET', `/st/4/jobs/${id}/changes?since=${since}`, caller);
      expect(res.statusCode, res.body).toBe(200);
      const fed = Object.fromEntries(
        (res.json() as JobChanges).changes
          .filter((c) => c.type === CHANGE_COMMENT)
          .map((c) => {
            const fields = c.fields as unknown as CommentChangeFields;
            return [c.id, [fields.canEdit, fields.canDelete]];
          }),
      );
      expect(fed).toEqual(listed);
      return [listed[byGuest.commentUUID], listed[byParticipant.commentUUID]];
    };
    const seen: Record<string, unknown> = {};
    for (const [name, caller] of readers) seen[name] = await rightsIn(caller);
    // [canEdit, canDelete] on the guest's comment, then on the participant's.
    expect(seen).toEqual({
      owner: [
        [false, true],
        [false, true],
      ],
      participant: [
        [false, false],
        [true, true],
      ],
      guest: [
        [true, true],
        [false, false],
      ],
      'signed-in visitor': [
        [false, false],
        [false, false],
      ],
      'visitor without a name': [
        [false, false],
        [false, false],
      ],
    });
    // What the rights deny the server refuses; what they grant it does.
    const url = (c: Comment) => `${commentsUrl(id, fileId)}/${c.commentUUID}`;
    expect((await albums.call('DELETE', url(byGuest), { who: participant })).statusCode).toBe(403);
    expect((await albums.call('DELETE', url(byGuest), { who: stranger })).statusCode).toBe(403);
    expect((await albums.call('PUT', url(byGuest), { who: owner }, { comment: 'no' })).statusCode).toBe(403);
    expect((await albums.call('DELETE', url(byGuest), { who: owner })).statusCode).toBe(204);
    // The upload panel's feed is the same feed, with the same rights.
    const status = await albums.call(
      'GET',
      `/st/4/jobs/${id}/changes_and_async_upload_status?since=${since}`,
      { who: owner },
    );
    const stillThere = (status.json() as JobChanges).changes.find((c) => c.id === byParticipant.commentUUID);
    expect(stillThere?.fields).toMatchObject({ canEdit: false, canDelete: true });
  });

  it('once comments are off, authors may still delete their own but not edit it; the feed says so', async () => {
    const { id, fileId } = await sharedAlbum();
    const since = (await changesSince(id, 0)).serial;
    const mine = (await post(id, fileId, { who: participant }, 'before the switch')).json() as Comment;
    const off = await albums.call(
      'POST',
      `/st/4/jobs/${id}/permissions`,
      { who: owner },
      { allow_comments: 0 },
    );
    expect(off.statusCode, off.body).toBe(200);
    const [listed] = (await list(id, fileId, { who: participant })).comments;
    expect(listed).toMatchObject({ canEdit: false, canDelete: true });
    const res = await albums.call('GET', `/st/4/jobs/${id}/changes?since=${since}`, { who: participant });
    const fed = (res.json() as JobChanges).changes.find((c) => c.id === mine.commentUUID);
    expect(fed?.fields).toMatchObject({ canEdit: false, canDelete: true });
    const url = `${commentsUrl(id, fileId)}/${mine.commentUUID}`;
    const edit = await albums.call('PUT', url, { who: participant }, { comment: 'after' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ error: COMMENTS_NOT_ALLOWED });
    expect((await albums.call('DELETE', url, { who: participant })).statusCode).toBe(204);
  });

  it('one love or none per user per file; each change once in the feed', async () => {
    const { id, fileId } = await sharedAlbum();
    const url = `/st/4/jobs/${id}/files_by_id/${fileId}/reaction`;
    const serial = (await changesSince(id, 0)).serial;
    const love = (who: Auth) => albums.call('POST', url, { who }, { reaction: 'love' });
    expect((await love(participant)).json()).toEqual({
      fileID: fileId,
      count: 1,
      mine: true,
    } satisfies FileLoves);
    expect((await love(participant)).json()).toMatchObject({ count: 1, mine: true });
    expect((await love(owner)).json()).toMatchObject({ count: 2, mine: true });
    expect((await list(id, fileId, { who: stranger })).loves).toEqual({
      fileID: fileId,
      count: 2,
      mine: false,
    });
    const unlove = await albums.call('DELETE', url, { who: participant });
    expect(unlove.json()).toMatchObject({ count: 1, mine: false });
    expect((await albums.call('DELETE', url, { who: participant })).json()).toMatchObject({ count: 1 });
    const bad = await albums.call('POST', url, { who: participant }, { reaction: 'favorite' });
    expect(bad.statusCode).toBe(400);
    const feed = await changesSince(id, serial);
    expect(
      feed.changes.map((c) => {
        const f = c.fields as unknown as ReactionChangeFields;
        return [c.type, c.id, f.user, f.reaction, f.count];
      }),
    ).toEqual([
      [CHANGE_REACTION, fileId, participant.userId, 'love', 1],
      [CHANGE_REACTION, fileId, owner.userId, 'love', 2],
      [CHANGE_REACTION, fileId, participant.userId, '', 1],
    ]);
  });

  it('a signed-out visitor comments and loves only after giving a name', async () => {
    const { id, fileId } = await sharedAlbum();
    const reaction = `/st/4/jobs/${id}/files_by_id/${fileId}/reaction`;
    const anonymous = await post(id, fileId, { who: null }, 'hi');
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toEqual({ error: NAME_REQUIRED });
    const anonLove = await albums.call('POST', reaction, { who: null }, { reaction: 'love' });
    expect(anonLove.json()).toEqual({ error: NAME_REQUIRED });
    expect((await list(id, fileId, { who: null })).comments).toEqual([]);
    const token = await guestToken(id, 'Gunnar Guest');
    const guest: Caller = { who: null, guestToken: token };
    const res = await post(id, fileId, guest, 'hei fra gjest');
    expect(res.statusCode, res.body).toBe(201);
    const comment = res.json() as Comment;
    expect(comment.author).toMatchObject({ name: 'Gunnar Guest', guest: true });
    expect(comment).toMatchObject({ canEdit: true, canDelete: true });
    expect((await albums.call('POST', reaction, guest, { reaction: 'love' })).json()).toMatchObject({
      count: 1,
      mine: true,
    });
    const edited = await albums.call('PUT', `${commentsUrl(id, fileId)}/${comment.commentUUID}`, guest, {
      comment: 'hei!',
    });
    expect(edited.statusCode).toBe(200);
    // A guest token names its holder in one album only.
    const other = await sharedAlbum();
    expect((await post(other.id, other.fileId, guest, 'elsewhere')).json()).toEqual({ error: NAME_REQUIRED });
  });

  it('refuses readers the album refuses, and files the album does not hold', async () => {
    const priv = await albums.create(owner, { name: 'Private' });
    const { album: privFile } = await albums.addFile(owner, priv.id);
    for (const caller of [{ who: stranger }, { who: null }] as Caller[]) {
      const res = await post(priv.id, privFile.fileID, caller, 'let me in');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: NO_ACCESS_TO_SECURED_JOB });
      const read = await albums.call('GET', commentsUrl(priv.id, privFile.fileID), caller);
      expect(read.statusCode).toBe(403);
      const love = await albums.call(
        'POST',
        `/st/4/jobs/${priv.id}/files_by_id/${privFile.fileID}/reaction`,
        caller,
        {
          reaction: 'love',
        },
      );
      expect(love.statusCode).toBe(403);
    }
    const locked = await sharedAlbum({ password: 'sesame' });
    const wrong = await post(locked.id, locked.fileId, { who: stranger }, 'guess');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: PUBLIC_JOB_AUTH_FAILED });
    expect(
      (await post(locked.id, locked.fileId, { who: stranger, password: 'sesame' }, 'ok')).statusCode,
    ).toBe(201);
    const shared = await sharedAlbum();
    // A file of another album, an unknown file, a file of the owner's timeline: 404.
    expect((await post(shared.id, privFile.fileID, { who: owner }, 'x')).statusCode).toBe(404);
    expect((await post(shared.id, 'no-such-file', { who: owner }, 'x')).statusCode).toBe(404);
    expect((await post('default', privFile.fileID, { who: owner }, 'x')).statusCode).toBe(404);
    expect((await post('no-such-album', shared.fileId, { who: owner }, 'x')).statusCode).toBe(404);
    expect((await list(priv.id, privFile.fileID, { who: owner })).comments).toEqual([]);
  });

  it("counts comments and loves on the album; the owner's setting changes are event markers", async () => {
    const { id, fileId } = await sharedAlbum();
    const counts = async () => {
      const album = (await albums.call('GET', `/st/4/jobs/${id}`, { who: participant })).json() as {
        comment_count: number;
        reaction_count: number;
      };
      const listed = (
        await albums.call('GET', '/st/4/jobs?stories=1&include_details=1', { who: participant })
      ).json() as { jobs: { id: string; comment_count: number; reaction_count: number }[] };
      const inList = listed.jobs.find((job) => job.id === id);
      expect(inList).toMatchObject({
        comment_count: album.comment_count,
        reaction_count: album.reaction_count,
      });
      return [album.comment_count, album.reaction_count];
    };
    const loveUrl = `/st/4/jobs/${id}/files_by_id/${fileId}/reaction`;
    const first = (await post(id, fileId, { who: participant }, 'one')).json() as Comment;
    await post(id, fileId, { who: owner }, 'two');
    await albums.call('POST', loveUrl, { who: participant }, { reaction: 'love' });
    await albums.call('POST', loveUrl, { who: participant }, { reaction: 'love' });
    expect(await counts()).toEqual([2, 1]);
    // The counts are kept on the album row: a delete and an unlove take theirs back, repeats nothing.
    const firstUrl = `${commentsUrl(id, fileId)}/${first.commentUUID}`;
    expect((await albums.call('DELETE', firstUrl, { who: owner })).statusCode).toBe(204);
    expect((await albums.call('DELETE', firstUrl, { who: owner })).statusCode).toBe(404);
    await albums.call('DELETE', loveUrl, { who: participant });
    await albums.call('DELETE', loveUrl, { who: participant });
    expect(await counts()).toEqual([1, 0]);
    const serial = (await changesSince(id, 0)).serial;
    expect(
      (await albums.call('POST', `/st/4/jobs/${id}/name`, { who: owner }, { name: 'Renamed' })).statusCode,
    ).toBe(200);
    expect(
      (await albums.call('POST', `/st/4/jobs/${id}/name`, { who: participant }, { name: 'No' })).statusCode,
    ).toBe(403);
    const feed = await changesSince(id, serial);
    expect(feed.changes.map((c) => [c.serial, c.type, c.id, c.fields])).toEqual([
      [serial + 1, CHANGE_EVENT_MARKER, id, { setting: 'name' }],
    ]);
  });

  it("a file deleted for good takes its comments and loves with it, and the album's counts follow", async () => {
    const { id, fileId } = await sharedAlbum();
    const { album: kept } = await albums.addFile(owner, id);
    const counts = async () => {
      const album = (await albums.call('GET', `/st/4/jobs/${id}`, { who: owner })).json() as {
        comment_count: number;
        reaction_count: number;
      };
      return [album.comment_count, album.reaction_count];
    };
    const rowsOn = async (table: 'comments' | 'reactions', file: string) =>
      (await t.store.db.selectFrom(table).select('file_id').where('job_id', '=', id).execute()).filter(
        (row) => row.file_id === file,
      ).length;
    await post(id, fileId, { who: participant }, 'one');
    await post(id, fileId, { who: owner }, 'two');
    await post(id, kept.fileID, { who: owner }, 'stays');
    const loveUrl = `/st/4/jobs/${id}/files_by_id/${fileId}/reaction`;
    expect((await albums.call('POST', loveUrl, { who: participant }, { reaction: 'love' })).statusCode).toBe(
      200,
    );
    expect(await counts()).toEqual([3, 1]);
    const trashed = await albums.call(
      'POST',
      `/st/4/jobs/${id}/delete_files`,
      { who: owner },
      {
        file_uuids: [fileId],
      },
    );
    expect(trashed.statusCode, trashed.body).toBe(200);
    // In the trash the file keeps them: a restore brings it back as it was.
    expect(await counts()).toEqual([3, 1]);
    const purged = await albums.call('POST', '/st/4/empty_trash_can', { who: owner }, { fileid: fileId });
    expect(purged.statusCode, purged.body).toBe(200);
    expect(await rowsOn('comments', fileId)).toBe(0);
    expect(await rowsOn('reactions', fileId)).toBe(0);
    expect(await counts()).toEqual([1, 0]);
    expect(await rowsOn('comments', kept.fileID)).toBe(1);
  });

  it('answers 401 for a bad token rather than treating the caller as a visitor', async () => {
    const { id, fileId } = await sharedAlbum();
    const res = await t.app.inject({
      method: 'POST',
      url: commentsUrl(id, fileId),
      headers: { authorization: 'Basic bm9ib2R5Om5vdGhpbmc=' },
      payload: { comment: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});
