import { randomUUID } from 'node:crypto';
import {
  type Album,
  type AlbumList,
  type AlbumUsers,
  type GuestIdentity,
  type JobInfo,
  NO_ACCESS_TO_SECURED_JOB,
  PUBLIC_JOB_AUTH_FAILED,
} from '@nordlys/contract/album';
import { albumIdToB64 } from '@nordlys/contract/album-id';
import { transformAlbumPassword } from '@nordlys/contract/album-password';
import type { FileRecord } from '@nordlys/contract/file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../src/identity/login-throttle';
import { albumApi } from './album-test-helpers';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { type Auth, uploadAt } from './timeline-test-helpers';
import { postUpload } from './upload-helpers';

describe.each(databaseKinds)('albums API on %s', (kind) => {
  let t: TestApp;
  let albums: ReturnType<typeof albumApi>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    albums = albumApi(t);
  });
  afterAll(async () => t?.close());

  const get = (who: Auth | null, url: string) => albums.call('GET', url, { who });
  const usedSpace = async (who: Auth) => (await get(who, '/st/4/account_info')).json().used_space as number;
  const timelineFiles = async (who: Auth) =>
    (await get(who, '/st/4/jobs/default/files?start=0&end=4102444800&limit=500')).json()
      .files as FileRecord[];

  describe('POST /jobs', () => {
    it('creates a private album with the defaults the spec names', async () => {
      const alice = await t.signUp({ name: 'Alice' });
      const album = await albums.create(alice, { name: '  Summer 2024  ' });
      expect(album).toMatchObject({
        type: 'story',
        name: 'Summer 2024',
        title: 'Summer 2024',
        privacy_mode: 'private',
        isShared: false,
        password_protected: false,
        permissions: 3,
        allow_comments: true,
        allow_uploads: true,
        media_count: 0,
        size: 0,
        has_heic: false,
        attributes: { sort_order: 'ADDED' },
        viewMode: 'flow',
        role: 'owner',
        filesDateRange: null,
        cover: null,
        owner: { uuid: alice.userId, name: 'Alice' },
      });
      expect(album.idB64).toBe(albumIdToB64(album.id));
      expect(album.participant_count).toBeUndefined();
      expect(album.currentUserCan).toMatchObject({
        addComment: true,
        deleteFile: true,
        editAlbum: true,
        addFiles: true,
      });
    });

    it('creates a shared album with a password and permission bits from the flags', async () => {
      const alice = await t.signUp();
      const album = await albums.create(alice, {
        name: 'Party',
        public: 1,
        password: 'hemmelig',
        allow_comments: 0,
        allow_uploads: '1',
      });
      expect(album).toMatchObject({ privacy_mode: 'protected', isShared: true, password_protected: true });
      expect(album.permissions).toBe(2);
      expect(album.participant_count).toBe(0);
      // Only a slow hash of the transformed password is stored.
      const row = await t.store.db
        .selectFrom('albums')
        .selectAll()
        .where('job_id', '=', album.id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain('hemmelig');
    });

    it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
      const alice = await t.signUp();
      const before = (await get(alice, '/st/4/jobs')).json().jobs.length;
      const cases: [Record<string, unknown>, string][] = [
        [{ type: 'story', name: 'x'.repeat(256) }, 'body.name'],
        [{ type: 'timeline', name: 'x' }, 'type'],
        [{ type: 'story', public: 'yes' }, 'public'],
        [{ type: 'story', password: 'typed in clear' }, 'password'],
        [{ type: 'story', password: 'a'.repeat(40) }, 'body.password'],
      ];
      for (const [body, field] of cases) {
        const res = await albums.call('POST', '/st/4/jobs', { who: alice }, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error).toContain(field);
      }
      expect((await get(alice, '/st/4/jobs')).json().jobs.length).toBe(before);
    });

    it('needs a signed-in writer', async () => {
      expect((await albums.call('POST', '/st/4/jobs', { who: null }, { type: 'story' })).statusCode).toBe(
        401,
      );
      const reader = await t.signUp();
      await albums.readOnly(reader);
      const res = await albums.call('POST', '/st/4/jobs', { who: reader }, { type: 'story', name: 'x' });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('adding files and the album list', () => {
    it('adds a timeline file by checksum: no bytes move and the content counts once', async () => {
      const alice = await t.signUp();
      const album = await albums.create(alice, { name: 'Trip' });
      const before = await usedSpace(alice);
      const photo = await uploadAt(t, alice, 'IMG_1.heic', 1_650_000_000);
      const afterUpload = await usedSpace(alice);
      expect(afterUpload).toBe(before + photo.size);
      const res = await albums.call(
        'POST',
        `/st/4/jobs/${albumIdToB64(album.id)}/files_dedup`,
        { who: alice },
        {
          path: 'IMG_1.heic',
          checksum: photo.checksum,
          mtime: photo.mtime,
          policy: 'no_duplicates',
        },
      );
      expect(res.statusCode).toBe(200);
      const linked = res.json();
      expect(linked.status).toBe('linked');
      expect(linked.uuid).not.toBe(photo.fileID);
      expect(linked.file.jobID).toBe(album.id);
      expect(await usedSpace(alice)).toBe(afterUpload);
      // The same file again with no_duplicates answers the entry it has.
      const again = await albums.call(
        'POST',
        `/st/4/jobs/${album.id}/files_dedup`,
        { who: alice },
        {
          path: 'IMG_1.heic',
          checksum: photo.checksum,
          mtime: photo.mtime,
          policy: 'no_duplicates',
        },
      );
      expect(again.json()).toMatchObject({ status: 'exists', uuid: linked.uuid });
      const read = (await get(alice, `/st/4/jobs/${album.id}`)).json() as Album;
      expect(read).toMatchObject({ media_count: 1, size: photo.size, has_heic: true, cover_id: linked.uuid });
      expect(read.cover?.thumbURLSmall).toEqual(expect.any(String));
      expect(read.filesDateRange).toEqual({ start: photo.timestamp, end: photo.timestamp });
      expect(read.last_serial).toBe(1);
      // Bytes the caller does not have must be uploaded.
      const unknown = await albums.call(
        'POST',
        `/st/4/jobs/${album.id}/files_dedup`,
        { who: alice },
        {
          path: 'x.jpg',
          checksum: 'a'.repeat(64),
          mtime: 1,
        },
      );
      expect(unknown.json()).toEqual({ status: 'upload_required' });
    });

    it('lists own and joined albums with their details, not strangers’ or trashed ones', async () => {
      const alice = await t.signUp();
      const bob = await t.signUp({ name: 'Bob' });
      const own = await albums.create(alice, { name: 'Own' });
      await albums.addFile(alice, own.id, 'a.jpg');
      await albums.addFile(alice, own.id, 'b.jpg');
      const bobs = await albums.create(bob, { name: 'Bob shared', public: 1 });
      const bobsPrivate = await albums.create(bob, { name: 'Bob private' });
      const trashed = await albums.create(alice, { name: 'Gone' });
      expect((await albums.call('DELETE', `/st/4/jobs/${trashed.id}`, { who: alice })).statusCode).toBe(204);
      expect((await albums.call('POST', `/st/4/jobs/${bobs.id}/subscribe`, { who: alice })).statusCode).toBe(
        200,
      );

      const res = await get(alice, '/st/4/jobs?stories=1&include_details=1');
      expect(res.statusCode).toBe(200);
      const list = (res.json() as AlbumList).jobs;
      const byId = new Map(list.map((album) => [album.id, album]));
      expect(byId.get(own.id)).toMatchObject({ media_count: 2, role: 'owner' });
      expect(byId.get(bobs.id)).toMatchObject({
        role: 'subscriber',
        participant_count: 1,
        owner: { name: 'Bob' },
        currentUserCan: { unsubscribe: true, editAlbum: false, addFiles: true },
      });
      expect(byId.has(bobsPrivate.id)).toBe(false);
      expect(byId.has(trashed.id)).toBe(false);
      // Most recently active first: Bob's album changed last (Alice joined it? no: joining is not
      // activity), so order follows last_update.
      const updates = list.map((album) => album.last_update);
      expect([...updates].sort((a, b) => b - a)).toEqual(updates);
    });

    it('answers job info and the users of an album', async () => {
      const alice = await t.signUp({ name: 'Alice' });
      const bob = await t.signUp({ name: 'Bob' });
      const album = await albums.create(alice, { name: 'Info', public: 1 });
      const { album: file } = await albums.addFile(alice, album.id);
      await albums.call('POST', `/st/4/jobs/${album.id}/subscribe`, { who: bob });
      const info = (await get(null, `/st/4/jobs/${albumIdToB64(album.id)}/info`)).json() as JobInfo;
      expect(info).toMatchObject({
        id: album.id,
        type: 'story',
        owner: alice.userId,
        name: 'Info',
        title: 'Info',
        isShared: true,
        coverPhoto: file.fileID,
        sort_order: 'ADDED',
        viewMode: 'flow',
      });
      const timelineInfo = (await get(alice, '/st/4/jobs/default/info')).json() as JobInfo;
      expect(timelineInfo.type).toBe('timeline');
      const users = (
        await get(null, `/st/4/jobs/${album.id}/users?include_profile_url=1`)
      ).json() as AlbumUsers;
      expect(users.users).toEqual([
        { uuid: alice.userId, name: 'Alice', role: 'owner', profile_picture_url: null },
        { uuid: bob.userId, name: 'Bob', role: 'subscriber', profile_picture_url: null },
      ]);
      const plain = (await get(null, `/st/4/jobs/${album.id}/users`)).json() as AlbumUsers;
      expect(plain.users[0]).not.toHaveProperty('profile_picture_url');
      // Visitors do not see the owner's e-mail address; members do.
      expect((await get(null, `/st/4/jobs/${album.id}`)).json().owner.email).toBeUndefined();
      expect((await get(bob, `/st/4/jobs/${album.id}`)).json().owner.email).toEqual(expect.any(String));
    });
  });

  describe('the album summary', () => {
    it('keeps the date range, the latest file and the cover exact as files come and go', async () => {
      const alice = await t.signUp();
      const album = await albums.create(alice, { name: 'Summary' });
      const add = async (name: string, mtime: number) => {
        const file = await uploadAt(t, alice, name, mtime);
        const res = await albums.call(
          'POST',
          `/st/4/jobs/${album.id}/files_dedup`,
          { who: alice },
          {
            path: name,
            checksum: file.checksum,
            mtime,
          },
        );
        return res.json().file as FileRecord;
      };
      const read = async () => (await get(alice, `/st/4/jobs/${album.id}`)).json() as Album;
      const middle = await add('middle.jpg', 1_600_000_000);
      const oldest = await add('oldest.jpg', 1_500_000_000);
      const newest = await add('newest.jpg', 1_700_000_000);
      expect(await read()).toMatchObject({
        media_count: 3,
        filesDateRange: { start: 1_500_000_000, end: 1_700_000_000 },
        cover_id: newest.fileID,
      });
      await albums.call('POST', `/st/4/jobs/${album.id}/cover`, { who: alice }, { id: oldest.fileID });
      // The oldest goes: the range shrinks and the chosen cover falls back to the latest file.
      await albums.call('DELETE', `/st/4/jobs/${album.id}/files_by_id/${oldest.fileID}`, { who: alice });
      expect(await read()).toMatchObject({
        media_count: 2,
        filesDateRange: { start: 1_600_000_000, end: 1_700_000_000 },
        cover_id: newest.fileID,
      });
      // The latest goes: the one added before it is the cover now; Undo brings both back.
      await albums.call('DELETE', `/st/4/jobs/${album.id}/files_by_id/${newest.fileID}`, { who: alice });
      expect(await read()).toMatchObject({
        media_count: 1,
        filesDateRange: { start: 1_600_000_000, end: 1_600_000_000 },
        cover_id: middle.fileID,
      });
      const restored = await albums.call(
        'POST',
        '/st/4/trash_can/restore',
        { who: alice },
        { file_uuids: [newest.fileID] },
      );
      expect(restored.statusCode).toBe(200);
      expect(await read()).toMatchObject({
        media_count: 2,
        filesDateRange: { start: 1_600_000_000, end: 1_700_000_000 },
        cover_id: newest.fileID,
      });
    });
  });

  describe('removing files', () => {
    it('answers used_space, and the last file’s removal sends the album to the trash', async () => {
      const alice = await t.signUp();
      const album = await albums.create(alice, { name: 'Two files' });
      const first = await albums.addFile(alice, album.id, 'one.jpg');
      const second = await albums.addFile(alice, album.id, 'two.jpg');
      const res = await albums.call('DELETE', `/st/4/jobs/${album.id}/files_by_id/${first.album.fileID}`, {
        who: alice,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ used_space: await usedSpace(alice) });
      expect((await get(alice, `/st/4/jobs/${album.id}`)).json().media_count).toBe(1);
      await albums.call('DELETE', `/st/4/jobs/${album.id}/files_by_id/${second.album.fileID}`, {
        who: alice,
      });
      const gone = await get(alice, `/st/4/jobs/${album.id}`);
      expect(gone.statusCode).toBe(410);
      expect(gone.json().error).toBe('Job has been deleted');
      expect((await get(alice, '/st/4/jobs')).json().jobs.map((a: Album) => a.id)).not.toContain(album.id);
      // The timeline keeps its files.
      const ids = (await timelineFiles(alice)).map((file) => file.fileID);
      expect(ids).toEqual(expect.arrayContaining([first.timeline.fileID, second.timeline.fileID]));
    });

    it('lets an uploader delete their own file and no one else’s', async () => {
      const alice = await t.signUp();
      const bob = await t.signUp();
      const album = await albums.create(alice, { name: 'Shared', public: 1 });
      await albums.call('POST', `/st/4/jobs/${album.id}/subscribe`, { who: bob });
      const alices = await albums.addFile(alice, album.id, 'alice.jpg');
      const bobs = await albums.addFile(bob, album.id, 'bob.jpg');
      const denied = await albums.call(
        'DELETE',
        `/st/4/jobs/${album.id}/files_by_id/${alices.album.fileID}`,
        { who: bob },
      );
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error).toBe('Forbidden');
      const own = await albums.call('DELETE', `/st/4/jobs/${album.id}/files_by_id/${bobs.album.fileID}`, {
        who: bob,
      });
      expect(own.statusCode).toBe(200);
      expect((await get(alice, `/st/4/jobs/${album.id}`)).json().media_count).toBe(1);
    });
  });

  describe('visitors and passwords', () => {
    it('lets a signed-out visitor read a shared album and its files through the link', async () => {
      const alice = await t.signUp();
      const album = await albums.create(alice, { name: 'Open', public: 1 });
      const { album: file } = await albums.addFile(alice, album.id);
      const b64 = albumIdToB64(album.id);
      const read = await get(null, `/st/4/jobs/${b64}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({
        role: 'visitor',
        currentUserCan: { addComment: false, subscribe: false, keepFiles: false, deleteFile: false },
      });
      const files = await get(null, `/st/4/jobs/${b64}/files?start=0&end=4102444800`);
      expect(files.statusCode).toBe(200);
      expect(files.json().files.map((f: FileRecord) => f.fileID)).toEqual([file.fileID]);
      expect((await get(null, `/st/4/jobs/${album.id}/files_by_id/${file.fileID}`)).statusCode).toBe(200);
      expect((await get(null, `/st/4/jobs/${album.id}/timeline/months`)).statusCode).toBe(200);
      expect((await get(null, `/st/4/jobs/${album.id}/changes?since=0`)).json().changes).toHaveLength(1);
      // The thumbnail URL it was given is its grant: no session needed (it may still be in the making).
      const thumb = await t.app.inject({
        url: files.json().files[0].thumbURLSmall.replace(/^https?:\/\/[^/]+/, ''),
      });
      expect([401, 403]).not.toContain(thumb.statusCode);
    });

    it('checks a password album’s password on every read with the spec’s failure strings', async () => {
      const alice = await t.signUp();
      const album = await albums.create(alice, { name: 'Secret', public: 1, password: 'blåbær' });
      const url = `/st/4/jobs/${album.id}`;
      const none = await albums.call('GET', url, { who: null, ip: '10.0.0.1' });
      expect(none.statusCode).toBe(403);
      expect(none.json().error).toBe(PUBLIC_JOB_AUTH_FAILED);
      const wrong = await albums.call('GET', url, { who: null, password: 'blabaer', ip: '10.0.0.1' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error).toBe(PUBLIC_JOB_AUTH_FAILED);
      const right = await albums.call('GET', url, { who: null, password: 'blåbær', ip: '10.0.0.1' });
      expect(right.statusCode).toBe(200);
      expect(right.json().privacy_mode).toBe('protected');
      // Files too, and a signed-in stranger alike.
      const stranger = await t.signUp();
      expect((await albums.call('GET', `${url}/files`, { who: stranger })).json().error).toBe(
        PUBLIC_JOB_AUTH_FAILED,
      );
      expect(
        (await albums.call('GET', `${url}/files`, { who: stranger, password: 'blåbær' })).statusCode,
      ).toBe(200);
      // The owner needs none.
      expect((await get(alice, url)).statusCode).toBe(200);
    });

    it('locks password guesses per (album, address) pair, never the album itself', async () => {
      const alice = await t.signUp();
      const album = await albums.create(alice, { name: 'Guarded', public: 1, password: 'correct horse' });
      const url = `/st/4/jobs/${album.id}/info`;
      for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerPair - 1; i += 1) {
        const res = await albums.call('GET', url, { who: null, password: `guess ${i}`, ip: '10.1.1.1' });
        expect(res.statusCode).toBe(403);
      }
      // The guess that reaches the pair's limit is refused as locked, as sign-in's is.
      const last = await albums.call('GET', url, { who: null, password: 'last guess', ip: '10.1.1.1' });
      expect(last.statusCode).toBe(429);
      // Locked: even the right password is refused from that address, so a lock tells nothing.
      const locked = await albums.call('GET', url, { who: null, password: 'correct horse', ip: '10.1.1.1' });
      expect(locked.statusCode).toBe(429);
      expect(
        (await albums.call('GET', url, { who: null, password: 'correct horse', ip: '10.1.1.2' })).statusCode,
      ).toBe(200);
      // Spread over many addresses, the guesses lock none of the album's visitors.
      for (let i = 0; i < 30; i += 1) {
        await albums.call('GET', url, { who: null, password: `spread ${i}`, ip: `10.2.0.${i}` });
      }
      expect(
        (await albums.call('GET', url, { who: null, password: 'correct horse', ip: '10.3.0.1' })).statusCode,
      ).toBe(200);
      // Members and the owner are not asked for the password, so they are not locked out.
      expect((await get(alice, url)).statusCode).toBe(200);
    });

    it('names a signed-out guest for comments, and lists them', async () => {
      const alice = await t.signUp();
      const album = await albums.create(alice, { name: 'Guests', public: 1 });
      const res = await albums.call(
        'POST',
        `/st/4/jobs/${album.id}/guest`,
        { who: null },
        { name: '  Grandma  ' },
      );
      expect(res.statusCode).toBe(201);
      const guest = res.json() as GuestIdentity;
      expect(guest.name).toBe('Grandma');
      const asGuest = await albums.call('GET', `/st/4/jobs/${album.id}`, {
        who: null,
        guestToken: guest.token,
      });
      expect(asGuest.json().currentUserCan.addComment).toBe(true);
      const anonymous = await albums.call('GET', `/st/4/jobs/${album.id}`, { who: null });
      expect(anonymous.json().currentUserCan.addComment).toBe(false);
      const users = (await get(null, `/st/4/jobs/${album.id}/users`)).json() as AlbumUsers;
      expect(users.users).toContainEqual({ uuid: guest.guest_id, name: 'Grandma', role: 'guest' });
      // Another album's guest token is nobody here.
      const other = await albums.create(alice, { name: 'Other', public: 1 });
      const elsewhere = await albums.call('GET', `/st/4/jobs/${other.id}`, {
        who: null,
        guestToken: guest.token,
      });
      expect(elsewhere.json().currentUserCan.addComment).toBe(false);
      expect(
        (await albums.call('POST', `/st/4/jobs/${album.id}/guest`, { who: null }, { name: '   ' }))
          .statusCode,
      ).toBe(400);
      expect(
        (await albums.call('POST', `/st/4/jobs/${album.id}/guest`, { who: null }, { name: 'x'.repeat(256) }))
          .statusCode,
      ).toBe(400);
      expect(
        (await albums.call('POST', `/st/4/jobs/${album.id}/guest`, { who: alice }, { name: 'Me' }))
          .statusCode,
      ).toBe(409);
    });
  });

  describe('the owner’s settings', () => {
    it('renames, sets the cover, privacy, permissions and sort order', async () => {
      const alice = await t.signUp();
      const album = await albums.create(alice, { name: 'Before' });
      const first = await albums.addFile(alice, album.id, 'first.jpg');
      await albums.addFile(alice, album.id, 'second.jpg');
      const url = `/st/4/jobs/${album.id}`;

      const renamed = await albums.call('POST', `${url}/name`, { who: alice }, { name: '  After  ' });
      expect(renamed.json()).toMatchObject({ name: 'After', title: 'After' });
      expect(
        (await albums.call('POST', `${url}/name`, { who: alice }, { name: 'x'.repeat(256) })).statusCode,
      ).toBe(400);

      const cover = await albums.call('POST', `${url}/cover`, { who: alice }, { id: first.album.fileID });
      expect(cover.statusCode).toBe(200);
      expect(cover.json().cover_id).toBe(first.album.fileID);
      // A file of the timeline is not a file of the album.
      expect(
        (await albums.call('POST', `${url}/cover`, { who: alice }, { id: first.timeline.fileID })).statusCode,
      ).toBe(404);

      const shared = await albums.call('POST', `${url}/privacy_mode`, { who: alice }, { mode: 'shared' });
      expect(shared.json()).toMatchObject({ privacy_mode: 'shared', isShared: true, participant_count: 0 });
      expect((await get(null, url)).statusCode).toBe(200);
      const back = await albums.call('POST', `${url}/privacy_mode`, { who: alice }, { mode: 'private' });
      expect(back.json().isShared).toBe(false);
      const secured = await get(null, url);
      expect(secured.statusCode).toBe(403);
      expect(secured.json().error).toBe(NO_ACCESS_TO_SECURED_JOB);
      expect(
        (await albums.call('POST', `${url}/privacy_mode`, { who: alice }, { mode: 'public' })).statusCode,
      ).toBe(400);

      const noUploads = await albums.call('POST', `${url}/permissions`, { who: alice }, { allow_uploads: 0 });
      expect(noUploads.json()).toMatchObject({ permissions: 1, allow_uploads: false, allow_comments: true });
      const noComments = await albums.call(
        'POST',
        `${url}/permissions`,
        { who: alice },
        { allow_comments: '0' },
      );
      expect(noComments.json().permissions).toBe(0);
      expect((await albums.call('POST', `${url}/permissions`, { who: alice }, {})).statusCode).toBe(400);
      expect(
        (await albums.call('POST', `${url}/permissions`, { who: alice }, { allow_uploads: 2 })).statusCode,
      ).toBe(400);

      const sorted = await albums.call(
        'PUT',
        `${url}/attribute/sort_order`,
        { who: alice },
        { value: 'OLDEST_TAKEN' },
      );
      expect(sorted.json()).toEqual({ name: 'sort_order', value: 'OLDEST_TAKEN' });
      expect((await get(alice, url)).json().attributes.sort_order).toBe('OLDEST_TAKEN');
      expect((await get(alice, `${url}/info`)).json().sort_order).toBe('OLDEST_TAKEN');
      expect(
        (await albums.call('PUT', `${url}/attribute/sort_order`, { who: alice }, { value: 'NAME' }))
          .statusCode,
      ).toBe(400);
      expect(
        (await albums.call('PUT', `${url}/attribute/colour`, { who: alice }, { value: 'ADDED' })).statusCode,
      ).toBe(400);
    });

    it('sets, changes and removes a shared album’s password; making it private drops it', async () => {
      const alice = await t.signUp();
      const bob = await t.signUp();
      const album = await albums.create(alice, { name: 'Later locked' });
      const url = `/st/4/jobs/${album.id}`;
      const setPassword = async (who: Auth, typed: string) =>
        albums.call(
          'POST',
          `${url}/password`,
          { who },
          { password: typed ? await transformAlbumPassword(typed) : '' },
        );

      // A private album has no visitors to protect it from: 409, and nothing stored.
      const privateOne = await setPassword(alice, 'fjord');
      expect(privateOne.statusCode).toBe(409);
      expect(privateOne.json().error).toMatch(/body\.password/);
      await albums.call('POST', `${url}/privacy_mode`, { who: alice }, { mode: 'shared' });

      const set = await setPassword(alice, 'fjord');
      expect(set.json()).toMatchObject({
        privacy_mode: 'protected',
        isShared: true,
        password_protected: true,
      });
      expect((await albums.call('GET', url, { who: null, ip: '10.9.0.1' })).json().error).toBe(
        PUBLIC_JOB_AUTH_FAILED,
      );
      expect(
        (await albums.call('GET', url, { who: null, password: 'fjord', ip: '10.9.0.1' })).statusCode,
      ).toBe(200);

      const changed = await setPassword(alice, 'fjell');
      expect(changed.json().privacy_mode).toBe('protected');
      expect(
        (await albums.call('GET', url, { who: null, password: 'fjord', ip: '10.9.0.2' })).statusCode,
      ).toBe(403);
      expect(
        (await albums.call('GET', url, { who: null, password: 'fjell', ip: '10.9.0.2' })).statusCode,
      ).toBe(200);

      // Only the owner; the typed password and other shapes are refused naming the field.
      expect((await setPassword(bob, 'mine now')).statusCode).toBe(403);
      for (const body of [{}, { password: 'typed in clear' }, { password: 42 }]) {
        const bad = await albums.call('POST', `${url}/password`, { who: alice }, body);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().error).toMatch(/password/);
      }

      const removed = await setPassword(alice, '');
      expect(removed.json()).toMatchObject({ privacy_mode: 'shared', password_protected: false });
      expect((await albums.call('GET', url, { who: null, ip: '10.9.0.3' })).statusCode).toBe(200);

      await setPassword(alice, 'fjord');
      const privateAgain = await albums.call(
        'POST',
        `${url}/privacy_mode`,
        { who: alice },
        { mode: 'private' },
      );
      expect(privateAgain.json()).toMatchObject({ privacy_mode: 'private', password_protected: false });
      const sharedAgain = await albums.call(
        'POST',
        `${url}/privacy_mode`,
        { who: alice },
        { mode: 'shared' },
      );
      expect(sharedAgain.json().privacy_mode).toBe('shared');
    });

    it('sends a deleted album to the trash and leaves the files in the timelines', async () => {
      const alice = await t.signUp();
      const album = await albums.create(alice, { name: 'To delete' });
      const { timeline } = await albums.addFile(alice, album.id);
      const used = await usedSpace(alice);
      expect((await albums.call('DELETE', `/st/4/jobs/${album.id}`, { who: alice })).statusCode).toBe(204);
      expect((await albums.call('DELETE', `/st/4/jobs/${album.id}`, { who: alice })).statusCode).toBe(204);
      expect((await get(alice, `/st/4/jobs/${album.id}`)).statusCode).toBe(410);
      expect((await timelineFiles(alice)).map((file) => file.fileID)).toContain(timeline.fileID);
      expect(await usedSpace(alice)).toBe(used);
      const row = await t.store.db
        .selectFrom('jobs')
        .select('deleted_at')
        .where('id', '=', album.id)
        .executeTakeFirstOrThrow();
      expect(row.deleted_at).not.toBeNull();
    });
  });

  describe('participants', () => {
    it('join, upload while uploads are allowed, and leave', async () => {
      const alice = await t.signUp();
      const bob = await t.signUp();
      const album = await albums.create(alice, { name: 'Together', public: 1 });
      const url = `/st/4/jobs/${album.id}`;
      // Not yet a participant: reading is fine, uploading is not.
      const early = await postUpload(
        t,
        bob.auth,
        'early.jpg',
        Buffer.from(`early ${randomUUID()}`),
        album.id,
      );
      expect(early.statusCode).toBe(403);
      const joined = await albums.call('POST', `${url}/subscribe`, { who: bob });
      expect(joined.json()).toMatchObject({ role: 'subscriber', participant_count: 1 });
      expect((await albums.call('POST', `${url}/subscribe`, { who: bob })).statusCode).toBe(200);
      expect((await albums.call('POST', `${url}/subscribe`, { who: alice })).statusCode).toBe(409);

      const bobBefore = await usedSpace(bob);
      const aliceBefore = await usedSpace(alice);
      const data = Buffer.from(`bob's photo ${randomUUID()}`);
      const uploaded = await postUpload(t, bob.auth, 'bob.jpg', data, album.id);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      expect(uploaded.json()).toMatchObject({ jobID: album.id, user_uuid: bob.userId });
      expect(await usedSpace(bob)).toBe(bobBefore + data.length);
      expect(await usedSpace(alice)).toBe(aliceBefore);

      await albums.call('POST', `${url}/permissions`, { who: alice }, { allow_uploads: 0 });
      const refused = await postUpload(
        t,
        bob.auth,
        'late.jpg',
        Buffer.from(`late ${randomUUID()}`),
        album.id,
      );
      expect(refused.statusCode).toBe(403);

      expect((await albums.call('POST', `${url}/unsubscribe`, { who: bob })).statusCode).toBe(204);
      expect((await albums.call('POST', `${url}/unsubscribe`, { who: bob })).statusCode).toBe(204);
      expect((await get(bob, '/st/4/jobs')).json().jobs.map((a: Album) => a.id)).not.toContain(album.id);
      expect((await albums.call('POST', `${url}/unsubscribe`, { who: alice })).statusCode).toBe(409);
      expect((await albums.call('GET', url, { who: alice })).json()).toMatchObject({ participant_count: 0 });
    });

    it('join a password album once with its password', async () => {
      const alice = await t.signUp();
      const bob = await t.signUp();
      const album = await albums.create(alice, { name: 'Locked', public: 1, password: 'open sesame' });
      const url = `/st/4/jobs/${album.id}`;
      const denied = await albums.call('POST', `${url}/subscribe`, { who: bob });
      expect(denied.json().error).toBe(PUBLIC_JOB_AUTH_FAILED);
      expect(
        (await albums.call('POST', `${url}/subscribe`, { who: bob, password: 'open sesame' })).statusCode,
      ).toBe(200);
      expect((await get(bob, url)).statusCode).toBe(200);
    });
  });

  describe('keeping files', () => {
    it('copies chosen files or the whole album into the caller’s timeline', async () => {
      const alice = await t.signUp();
      const bob = await t.signUp();
      const album = await albums.create(alice, { name: 'Keep', public: 1, password: 'pw' });
      const one = await albums.addFile(alice, album.id, 'one.jpg');
      const two = await albums.addFile(alice, album.id, 'two.jpg');
      const elsewhere = await uploadAt(t, alice, 'private.jpg', 1_700_000_000);
      const url = `/st/4/jobs/${album.id}`;

      const refused = await albums.call(
        'POST',
        `${url}/keep-files`,
        { who: bob },
        undefined,
        one.album.fileID,
      );
      expect(refused.json().error).toBe(PUBLIC_JOB_AUTH_FAILED);
      const kept = await albums.call(
        'POST',
        `${url}/keep-files`,
        { who: bob, password: 'pw' },
        undefined,
        `${one.album.fileID}\n${elsewhere.fileID}\n`,
      );
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().copied.map((c: { from: string }) => c.from)).toEqual([one.album.fileID]);
      // A file outside the album is not reachable through it.
      expect(kept.json().failed).toEqual([{ id: elsewhere.fileID, reason: 'not_found' }]);
      expect(await usedSpace(bob)).toBe(one.album.size);

      const all = await albums.call('POST', `${url}/keep-all-files`, { who: bob, password: 'pw' });
      expect(all.statusCode).toBe(200);
      expect(
        all
          .json()
          .copied.map((c: { from: string }) => c.from)
          .sort(),
      ).toEqual([one.album.fileID, two.album.fileID].sort());
      const checksums = (await timelineFiles(bob)).map((file) => file.checksum);
      expect(checksums).toEqual(expect.arrayContaining([one.album.checksum, two.album.checksum]));
      expect(await usedSpace(bob)).toBe(one.album.size + two.album.size);
      expect(
        (await albums.call('POST', `${url}/keep-all-files`, { who: null, password: 'pw' })).statusCode,
      ).toBe(401);
    });
  });
});
