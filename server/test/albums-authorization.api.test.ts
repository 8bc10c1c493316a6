import { randomUUID } from 'node:crypto';
import { NO_ACCESS_TO_SECURED_JOB, PUBLIC_JOB_AUTH_FAILED } from '@nordlys/contract/album';
import { albumIdToB64 } from '@nordlys/contract/album-id';
import type { FileRecord } from '@nordlys/contract/file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumApi, type Caller, headersOf } from './album-test-helpers';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { type Auth, uploadAt } from './timeline-test-helpers';
import { multipartBody } from './upload-helpers';

/**
 * core.md §6 over every album route: each actor against a private album (that had participants
 * before it was made private), a shared one and a password one. Every cell is asserted, the
 * denials with their status and reason, and a denied call must leave the album as it was.
 */

type AlbumKind = 'private' | 'shared' | 'password';
type Actor =
  | 'owner'
  | 'participant'
  | 'readOnly'
  | 'stranger'
  | 'guestWithPassword'
  | 'guestWithoutPassword'
  | 'anonymous';
const ACTORS: Actor[] = [
  'anonymous',
  'guestWithoutPassword',
  'guestWithPassword',
  'stranger',
  'readOnly',
  'participant',
  'owner',
];
const KINDS: AlbumKind[] = ['private', 'shared', 'password'];
const PASSWORD = 'matrix password';

interface Fixture {
  id: string;
  file: FileRecord;
}

type Outcome = [number, string?];
const SECURED: Outcome = [403, NO_ACCESS_TO_SECURED_JOB];
const AUTH_FAILED: Outcome = [403, PUBLIC_JOB_AUTH_FAILED];
const FORBIDDEN: Outcome = [403, 'Forbidden'];
const READ_ONLY: Outcome = [403, 'read_only_user'];
const SIGN_IN: Outcome = [401];

const randomAddress = () => `198.51.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
const signedIn = (actor: Actor) => ['owner', 'participant', 'readOnly', 'stranger'].includes(actor);
const isMember = (actor: Actor) => actor === 'participant' || actor === 'readOnly';

/** Who may read: the owner always; members of a shared album; others of a shared album, with its password where it has one. */
function readOutcome(kind: AlbumKind, actor: Actor): Outcome | null {
  if (actor === 'owner') return null;
  if (kind === 'private') return SECURED;
  if (kind === 'password' && !isMember(actor) && actor !== 'guestWithPassword') return AUTH_FAILED;
  return null;
}

interface Route {
  name: string;
  request(fixture: Fixture, caller: Caller, actor: Actor): Promise<{ statusCode: number; body: string }>;
  expected(kind: AlbumKind, actor: Actor): Outcome;
}

describe.each(databaseKinds)('album authorization matrix on %s', (kind) => {
  let t: TestApp;
  let albums: ReturnType<typeof albumApi>;
  const actors = {} as Record<'owner' | 'participant' | 'readOnly' | 'stranger', Auth>;
  /** A timeline file of each signed-in actor, so each may link it by checksum. */
  const own = {} as Record<string, FileRecord>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    albums = albumApi(t);
    for (const actor of ['owner', 'participant', 'readOnly', 'stranger'] as const) {
      actors[actor] = await t.signUp({ name: actor });
      own[actor] = await uploadAt(t, actors[actor], `${actor}.jpg`, 1_700_000_000);
    }
    await albums.readOnly(actors.readOnly);
  });
  afterAll(async () => t?.close());

  function callerOf(actor: Actor): Caller {
    if (signedIn(actor)) return { who: actors[actor as keyof typeof actors] };
    if (actor === 'guestWithPassword') return { who: null, password: PASSWORD };
    // Each wrong guess from its own address: the guess lock has its own test (albums.api.test.ts).
    if (actor === 'guestWithoutPassword')
      return { who: null, password: 'not the password', ip: randomAddress() };
    return { who: null };
  }

  async function fixture(albumKind: AlbumKind): Promise<Fixture> {
    const album = await albums.create(actors.owner, {
      name: `${albumKind} album`,
      public: 1,
      ...(albumKind === 'password' ? { password: PASSWORD } : {}),
    });
    for (const member of [actors.participant, actors.readOnly]) {
      const joined = await albums.call('POST', `/st/4/jobs/${album.id}/subscribe`, {
        who: member,
        ...(albumKind === 'password' ? { password: PASSWORD } : {}),
      });
      expect(joined.statusCode).toBe(200);
    }
    const res = await albums.call(
      'POST',
      `/st/4/jobs/${album.id}/files_dedup`,
      { who: actors.owner },
      {
        path: 'owner.jpg',
        checksum: own.owner?.checksum,
        mtime: 1_700_000_000,
      },
    );
    const file = res.json().file as FileRecord;
    // A second file, so removing the first does not empty (and so trash) the album.
    await albums.call(
      'POST',
      `/st/4/jobs/${album.id}/files_dedup`,
      { who: actors.owner },
      {
        path: 'second.jpg',
        checksum: own.owner?.checksum,
        mtime: 1_700_000_000,
      },
    );
    if (albumKind === 'private') {
      await albums.call(
        'POST',
        `/st/4/jobs/${album.id}/privacy_mode`,
        { who: actors.owner },
        { mode: 'private' },
      );
    }
    return { id: album.id, file };
  }

  /** What a denied call must not change. */
  async function snapshot(id: string) {
    const db = t.store.db;
    return {
      job: await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst(),
      album: await db.selectFrom('albums').selectAll().where('job_id', '=', id).executeTakeFirst(),
      members: await db
        .selectFrom('album_members')
        .select('user_id')
        .where('job_id', '=', id)
        .orderBy('user_id')
        .execute(),
      guests: (await db.selectFrom('album_guests').select('id').where('job_id', '=', id).execute()).length,
      files: await db
        .selectFrom('files')
        .select(['id', 'deleted_at'])
        .where('job_id', '=', id)
        .orderBy('id')
        .execute(),
    };
  }

  const read =
    (path: (f: Fixture) => string): Route['request'] =>
    (f, caller) =>
      albums.call('GET', path(f), caller);
  const readRoute = (name: string, path: (f: Fixture) => string): Route => ({
    name,
    request: read(path),
    expected: (albumKind, actor) => readOutcome(albumKind, actor) ?? [200],
  });

  /** Signed-in routes that change an album: the read rules first, then the owner alone. */
  const ownerRoute = (name: string, request: Route['request'], success: number): Route => ({
    name,
    request,
    expected(albumKind, actor) {
      if (!signedIn(actor)) return SIGN_IN;
      const refused = readOutcome(albumKind, actor);
      if (refused) return refused;
      return actor === 'owner' ? [success] : FORBIDDEN;
    },
  });

  /** Adding files: the owner, and participants who may write, while uploads are allowed. */
  const addRoute = (name: string, request: Route['request']): Route => ({
    name,
    request,
    expected(albumKind, actor) {
      if (!signedIn(actor)) return SIGN_IN;
      if (actor === 'readOnly') return READ_ONLY;
      const refused = readOutcome(albumKind, actor);
      if (refused) return refused;
      if (actor === 'owner') return [name === 'upload' ? 201 : 200];
      return actor === 'participant' ? [name === 'upload' ? 201 : 200] : FORBIDDEN;
    },
  });

  const routes: Route[] = [
    readRoute('GET album', (f) => `/st/4/jobs/${albumIdToB64(f.id)}`),
    readRoute('GET info', (f) => `/st/4/jobs/${f.id}/info`),
    readRoute('GET users', (f) => `/st/4/jobs/${f.id}/users?include_profile_url=1`),
    readRoute('GET files', (f) => `/st/4/jobs/${f.id}/files?start=0&end=4102444800`),
    readRoute('GET months', (f) => `/st/4/jobs/${f.id}/timeline/months`),
    readRoute('GET tiles', (f) => `/st/4/jobs/${f.id}/timeline/tiles?start=0&end=4102444800`),
    readRoute('GET changes', (f) => `/st/4/jobs/${f.id}/changes?since=0`),
    readRoute('GET file', (f) => `/st/4/jobs/${f.id}/files_by_id/${f.file.fileID}`),
    readRoute('GET metadata', (f) => `/st/4/jobs/${f.id}/metadata/${encodeURIComponent(f.file.path)}`),
    ownerRoute(
      'POST name',
      (f, c) => albums.call('POST', `/st/4/jobs/${f.id}/name`, c, { name: 'Renamed' }),
      200,
    ),
    ownerRoute(
      'POST cover',
      (f, c) => albums.call('POST', `/st/4/jobs/${f.id}/cover`, c, { id: f.file.fileID }),
      200,
    ),
    ownerRoute(
      'POST privacy_mode',
      (f, c) => albums.call('POST', `/st/4/jobs/${f.id}/privacy_mode`, c, { mode: 'shared' }),
      200,
    ),
    ownerRoute(
      'POST permissions',
      (f, c) => albums.call('POST', `/st/4/jobs/${f.id}/permissions`, c, { allow_uploads: 0 }),
      200,
    ),
    ownerRoute(
      'PUT attribute sort_order',
      (f, c) => albums.call('PUT', `/st/4/jobs/${f.id}/attribute/sort_order`, c, { value: 'NEWEST_TAKEN' }),
      200,
    ),
    ownerRoute('DELETE album', (f, c) => albums.call('DELETE', `/st/4/jobs/${f.id}`, c), 204),
    {
      // The owner and the uploader may delete a file; the owner uploaded this one.
      ...ownerRoute(
        'DELETE files_by_id',
        (f, c) => albums.call('DELETE', `/st/4/jobs/${f.id}/files_by_id/${f.file.fileID}`, c),
        200,
      ),
    },
    addRoute('files_dedup', (f, c, actor) =>
      albums.call('POST', `/st/4/jobs/${f.id}/files_dedup`, c, {
        path: `${actor}.jpg`,
        checksum: (own[actor] ?? own.owner)?.checksum,
        mtime: 1_700_000_000,
      }),
    ),
    addRoute('upload', async (f, c) => {
      const { body, contentType } = multipartBody(
        { path: 'new.jpg', mtime: '1700000000' },
        { name: 'new.jpg', data: Buffer.from(`new ${randomUUID()}`) },
      );
      return t.app.inject({
        method: 'POST',
        url: `/st/4/jobs/${f.id}/upload`,
        headers: { ...(await headersOf(c)), 'content-type': contentType },
        payload: body,
      });
    }),
    {
      name: 'POST subscribe',
      request: (f, c) => albums.call('POST', `/st/4/jobs/${f.id}/subscribe`, c),
      expected(albumKind, actor) {
        if (!signedIn(actor)) return SIGN_IN;
        const refused = readOutcome(albumKind, actor);
        if (refused) return refused;
        return actor === 'owner' ? [409] : [200];
      },
    },
    {
      name: 'POST unsubscribe',
      request: (f, c) => albums.call('POST', `/st/4/jobs/${f.id}/unsubscribe`, c),
      expected(albumKind, actor) {
        if (!signedIn(actor)) return SIGN_IN;
        if (actor === 'owner') return [409];
        // A member leaves even a private album; others meet the read rules.
        if (isMember(actor)) return [204];
        return readOutcome(albumKind, actor) ?? [204];
      },
    },
    ...(['keep-files', 'keep-all-files'] as const).map(
      (name): Route => ({
        name,
        request: (f, c) =>
          name === 'keep-files'
            ? albums.call('POST', `/st/4/jobs/${f.id}/keep-files`, c, undefined, f.file.fileID)
            : albums.call('POST', `/st/4/jobs/${f.id}/keep-all-files`, c),
        expected(albumKind, actor) {
          if (!signedIn(actor)) return SIGN_IN;
          const refused = readOutcome(albumKind, actor);
          if (refused) return refused;
          return actor === 'readOnly' ? READ_ONLY : [200];
        },
      }),
    ),
    {
      name: 'POST guest',
      request: (f, c) => albums.call('POST', `/st/4/jobs/${f.id}/guest`, c, { name: 'A guest' }),
      expected(albumKind, actor) {
        if (signedIn(actor)) return [409];
        return readOutcome(albumKind, actor) ?? [201];
      },
    },
  ];

  it.each(routes.map((route) => [route.name, route] as const))('%s', async (_name, route) => {
    const fixtures = {} as Record<AlbumKind, Fixture>;
    for (const albumKind of KINDS) fixtures[albumKind] = await fixture(albumKind);
    const failures: string[] = [];
    for (const albumKind of KINDS) {
      // Denials first and the owner last, so that one actor's success cannot change another's cell.
      for (const actor of ACTORS) {
        const [status, error] = route.expected(albumKind, actor);
        const before = status >= 400 ? await snapshot(fixtures[albumKind].id) : null;
        const res = await route.request(fixtures[albumKind], callerOf(actor), actor);
        const reason = res.statusCode >= 400 ? (JSON.parse(res.body) as { error: string }).error : undefined;
        if (res.statusCode !== status || (error !== undefined && reason !== error)) {
          failures.push(
            `${albumKind} × ${actor}: expected ${status} ${error ?? ''}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
        if (before)
          expect(await snapshot(fixtures[albumKind].id), `${albumKind} × ${actor} changed the album`).toEqual(
            before,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 404 for an album that does not exist, to everyone', async () => {
    const id = randomUUID();
    for (const actor of ACTORS) {
      const res = await albums.call('GET', `/st/4/jobs/${id}`, callerOf(actor));
      expect(res.statusCode, actor).toBe(404);
    }
    expect((await albums.call('GET', '/st/4/jobs/not-an-album', { who: null })).statusCode).toBe(404);
  });

  it('keeps a trashed album from everyone but answers its owner 410', async () => {
    const f = await fixture('shared');
    await albums.call('DELETE', `/st/4/jobs/${f.id}`, { who: actors.owner });
    for (const actor of ACTORS) {
      const res = await albums.call('GET', `/st/4/jobs/${f.id}`, callerOf(actor));
      expect(res.statusCode, actor).toBe(actor === 'owner' ? 410 : 404);
    }
  });
});
