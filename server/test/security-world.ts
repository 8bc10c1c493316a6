import { randomUUID } from 'node:crypto';
import { ALBUM_PASSWORD_HEADER, GUEST_TOKEN_HEADER } from '@nordlys/contract/album';
import { transformAlbumPassword } from '@nordlys/contract/album-password';
import type { FileRecord } from '@nordlys/contract/file';
import { SHARE_PASSWORD_HEADER } from '@nordlys/contract/share';
import { expect } from 'vitest';
import { createAccountService } from '../src/services/account.service';
import { createRepositories } from '../src/store/repositories';
import { fixture } from './media-test-content';
import { basicAuth, type TestApp } from './test-app';
import type { Auth } from './timeline-test-helpers';
import { multipartBody } from './upload-helpers';

/**
 * One seeded world for the whole-API security tests, made through the API itself: an owner with a
 * password-protected shared album (joined by a participant and a read-only user, a named guest
 * made with the password), a comment, a password share, a trashed file and a spare device; a
 * stranger with files of their own; a disabled user; a device the owner removed.
 */

export const ACTORS = [
  'owner',
  'participant',
  'readOnly',
  'stranger',
  'albumGuest',
  'albumGuestWrong',
  'shareGuest',
  'shareGuestWrong',
  'disabled',
  'anonymous',
  'garbage',
  'revoked',
] as const;
export type Actor = (typeof ACTORS)[number];

export const SIGNED_IN: readonly Actor[] = ['owner', 'participant', 'readOnly', 'stranger'];

export const ALBUM_PASSWORD = 'fjord album password';
export const SHARE_PASSWORD = 'fjord share password';

export interface World {
  t: TestApp;
  users: Record<'owner' | 'participant' | 'readOnly' | 'stranger' | 'disabled', Auth>;
  /** Basic auth of a device the owner removed through DELETE /st/4/devices/{id}. */
  revokedAuth: string;
  guestToken: string;
  albumPasswordHeader: string;
  /** The file name in the owner's current profile picture URL. */
  profilePictureFile(): Promise<string>;
  /** A resumable (tus) upload of the owner's begun afresh, two of its five bytes sent; its id. */
  tusUpload(): Promise<string>;
  /** A device of the owner's made afresh, to be removed. */
  spareDevice(): Promise<string>;
  ids: {
    timeline: string;
    album: string;
    albumFile: FileRecord;
    /** The owner's timeline file that is in no album and no share. */
    privateFile: FileRecord;
    share: string;
    sharedFile: FileRecord;
    trashedFile: FileRecord;
    comment: string;
    strangerAlbum: string;
    strangerFile: FileRecord;
    /** The owner's unfinished resumable upload. */
    tusUpload: string;
  };
  /** Headers an actor sends (the wrong-password guests come from `address`, one per call). */
  headersOf(actor: Actor): Promise<Record<string, string>>;
  /** A user of the actor's kind created afresh, for calls that would spend the actor (sign out, delete). */
  freshUser(actor: 'owner' | 'participant' | 'readOnly' | 'stranger'): Promise<Auth>;
  /** A device token of `user` issued afresh. */
  freshToken(user: Auth): Promise<string>;
  /** An album of the owner like the world's one (password, file, participant and read-only user joined). */
  freshAlbum(): Promise<{ id: string; file: FileRecord }>;
  upload(who: Auth, name: string, job?: string): Promise<FileRecord>;
}

export async function seedWorld(t: TestApp): Promise<World> {
  const accounts = createAccountService({
    repos: createRepositories(t.store),
    clock: Date.now,
    defaultStorageGib: t.config.defaultStorageGib,
  });
  const db = t.store.db;
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => {
    const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.body ? res.json() : null;
  };
  const as = (who: Auth) => ({ authorization: who.auth });
  const albumPasswordHeader = await transformAlbumPassword(ALBUM_PASSWORD);
  const withPassword = (who: Auth) => ({
    ...as(who),
    [ALBUM_PASSWORD_HEADER.toLowerCase()]: albumPasswordHeader,
  });

  async function upload(who: Auth, name: string, job = 'default'): Promise<FileRecord> {
    const data = Buffer.from(`${name} of ${who.userId} ${randomUUID()}\n`);
    const { body, contentType } = multipartBody({ path: name, mtime: '1700000000' }, { name, data });
    const res = await t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${job}/upload`,
      headers: { ...as(who), 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as FileRecord;
  }

  const makeReadOnly = (who: Auth) =>
    db.updateTable('users').set({ is_read_only: 1 }).where('id', '=', who.userId).execute();

  const owner = await t.signUp({ name: 'Owner' });
  const participant = await t.signUp({ name: 'Participant' });
  const readOnly = await t.signUp({ name: 'Read-only' });
  const stranger = await t.signUp({ name: 'Stranger' });
  const disabled = await t.signUp({ name: 'Disabled' });

  let seeded = false;
  async function freshAlbum() {
    const album = await call('POST', '/st/4/jobs', as(owner), {
      type: 'story',
      name: 'Fjords',
      public: 1,
      password: albumPasswordHeader,
    });
    const file = await upload(owner, `album-${randomUUID().slice(0, 8)}.txt`, album.id);
    // A read-only user joined while they still could write; joining is refused to them since.
    await db.updateTable('users').set({ is_read_only: 0 }).where('id', '=', readOnly.userId).execute();
    for (const member of [participant, readOnly]) {
      await call('POST', `/st/4/jobs/${album.id}/subscribe`, withPassword(member));
    }
    if (seeded) await makeReadOnly(readOnly);
    return { id: album.id as string, file };
  }

  const album = await freshAlbum();
  await makeReadOnly(readOnly);
  seeded = true;
  const guest = await call(
    'POST',
    `/st/4/jobs/${album.id}/guest`,
    { [ALBUM_PASSWORD_HEADER.toLowerCase()]: albumPasswordHeader },
    { name: 'Named guest' },
  );
  const comment = await call(
    'POST',
    `/st/4/jobs/${album.id}/files_by_id/${album.file.fileID}/comments`,
    as(owner),
    {
      comment: 'Nice light',
    },
  );
  const sharedFile = await upload(owner, 'shared.txt');
  const share = await call('POST', '/st/4/shares', as(owner), {
    file_ids: [sharedFile.fileID],
    password: SHARE_PASSWORD,
  });
  const privateFile = await upload(owner, 'private.txt');
  const trashedFile = await upload(owner, 'trashed.txt');
  const timeline = (await call('GET', '/st/4/jobs/default', as(owner))) as { id: string };
  await call('POST', `/st/4/jobs/${timeline.id}/delete_files`, as(owner), {
    file_uuids: [trashedFile.fileID],
  });

  // Everyone's timeline exists from the start (it is made on first use, which would count as a change).
  for (const user of [participant, readOnly, stranger]) await call('GET', '/st/4/jobs/default', as(user));

  const strangerAlbum = await call('POST', '/st/4/jobs', as(stranger), { type: 'story', name: 'Mine' });
  const strangerFile = await upload(stranger, 'stranger.txt', strangerAlbum.id);

  // A device the owner signs out from the devices page: its token must open nothing after.
  const revoked = await accounts.issueDeviceToken(owner.userId, { name: 'Old phone' });
  await call('DELETE', `/st/4/devices/${revoked.deviceId}`, as(owner));
  const picture = multipartBody(
    {},
    { name: 'me.jpg', data: fixture('photo-exif.jpg'), contentType: 'image/jpeg' },
  );
  const pictureRes = await t.app.inject({
    method: 'POST',
    url: '/st/4/profile_picture',
    headers: { ...as(owner), 'content-type': picture.contentType },
    payload: picture.body,
  });
  expect(pictureRes.statusCode, pictureRes.body).toBe(201);

  const disabledEmail = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', disabled.userId)
    .executeTakeFirstOrThrow();
  await accounts.setDisabled(disabledEmail.email, true);

  async function tusUpload(): Promise<string> {
    const metadata = Object.entries({
      job_id: 'default',
      path: `resumed-${randomUUID()}.txt`,
      mtime: '1700000000',
    })
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');
    const tus = { ...as(owner), 'tus-resumable': '1.0.0' };
    const created = await t.app.inject({
      method: 'POST',
      url: '/st/4/tus',
      headers: { ...tus, 'upload-length': '5', 'upload-metadata': metadata },
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = new URL(String(created.headers.location), 'http://x').pathname;
    const sent = await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.from('ab'),
    });
    expect(sent.statusCode, sent.body).toBe(204);
    return location.split('/').pop() ?? '';
  }
  const ownerTusUpload = await tusUpload();

  async function freshToken(user: Auth): Promise<string> {
    return (await accounts.issueDeviceToken(user.userId, { name: 'Spare device' })).token;
  }

  return {
    t,
    users: { owner, participant, readOnly, stranger, disabled },
    revokedAuth: basicAuth(revoked.token),
    guestToken: guest.token,
    albumPasswordHeader,
    async profilePictureFile() {
      const info = (await call('GET', '/st/4/account_info', as(owner))) as { profile_picture_url: string };
      return info.profile_picture_url.split('?')[0]?.split('/').pop() ?? '';
    },
    spareDevice: async () => (await accounts.issueDeviceToken(owner.userId, { name: 'Spare' })).deviceId,
    ids: {
      timeline: timeline.id,
      album: album.id,
      albumFile: album.file,
      privateFile,
      share: share.id,
      sharedFile,
      trashedFile,
      comment: comment.commentUUID,
      strangerAlbum: strangerAlbum.id,
      strangerFile,
      tusUpload: ownerTusUpload,
    },
    async headersOf(actor) {
      switch (actor) {
        case 'owner':
        case 'participant':
        case 'readOnly':
        case 'stranger':
        case 'disabled':
          return as({ owner, participant, readOnly, stranger, disabled }[actor]);
        case 'albumGuest':
          return {
            [ALBUM_PASSWORD_HEADER.toLowerCase()]: albumPasswordHeader,
            [GUEST_TOKEN_HEADER.toLowerCase()]: guest.token,
          };
        case 'albumGuestWrong':
          return {
            [ALBUM_PASSWORD_HEADER.toLowerCase()]: await transformAlbumPassword('not the album password'),
            [GUEST_TOKEN_HEADER.toLowerCase()]: guest.token,
          };
        case 'shareGuest':
          return { [SHARE_PASSWORD_HEADER.toLowerCase()]: encodeURIComponent(SHARE_PASSWORD) };
        case 'shareGuestWrong':
          return { [SHARE_PASSWORD_HEADER.toLowerCase()]: encodeURIComponent('not the share password') };
        case 'anonymous':
          return {};
        case 'garbage':
          return { authorization: basicAuth('garbage-token-that-was-never-issued') };
        case 'revoked':
          return { authorization: basicAuth(revoked.token) };
      }
    },
    async freshUser(actor) {
      const user = await t.signUp({ name: `Fresh ${actor}` });
      if (actor === 'participant' || actor === 'readOnly') {
        await call('POST', `/st/4/jobs/${album.id}/subscribe`, withPassword(user));
      }
      if (actor === 'readOnly') await makeReadOnly(user);
      return user;
    },
    freshToken,
    tusUpload,
    freshAlbum: async () => {
      const fresh = await freshAlbum();
      return { id: fresh.id, file: fresh.file };
    },
    upload,
  };
}
