import { randomUUID } from 'node:crypto';
import {
  albumPermissions,
  DEFAULT_ALBUM_FILE_SORT,
  JOB_HAS_BEEN_DELETED,
  NO_ACCESS_TO_SECURED_JOB,
  PUBLIC_JOB_AUTH_FAILED,
} from '@nordlys/contract/album';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/test-database';
import { useTestStore } from '../../test/test-store';
import type { Caller } from '../domain/caller';
import { signedOutCaller } from '../domain/caller';
import { DomainError } from '../domain/errors';
import { Permission } from '../domain/permission';
import { createInProcessJobEvents } from '../events/job-events';
import { createLoginThrottle } from '../identity/login-throttle';
import { hashPassword } from '../identity/password';
import { generateToken, hashToken } from '../identity/token';
import { createRepositories } from '../store/repositories';
import { ChangeType } from '../store/repositories/change.repository';
import { type AccessService, createAccessService } from './access.service';
import { createAccountService } from './account.service';
import { createJobService } from './job.service';
import { createJobFeedService } from './job-feed.service';
import { createTimelineService } from './timeline.service';

const PASSWORD = 'aurora borealis';

/** What a check answered: the role or 'ok' it granted, or the refusal as `Kind: message`. */
async function outcome(check: Promise<unknown>): Promise<string> {
  try {
    const grant = await check;
    return typeof grant === 'object' && grant !== null && 'role' in grant ? String(grant.role) : 'ok';
  } catch (error) {
    if (error instanceof DomainError) return `${error.kind}: ${error.message}`;
    throw error;
  }
}

const SECURED = `Forbidden: ${NO_ACCESS_TO_SECURED_JOB}`;
const NO_PASSWORD = `Forbidden: ${PUBLIC_JOB_AUTH_FAILED}`;
const FORBIDDEN = 'Forbidden: Forbidden';
const NOT_FOUND = 'NotFound: Not found';
const SIGN_IN = 'Unauthenticated: Unauthorized';
const TRASHED = `Gone: ${JOB_HAS_BEEN_DELETED}`;

describe.each(databaseKinds)('requireAccess over %s', (kind) => {
  const store = useTestStore(kind);
  let repos: ReturnType<typeof createRepositories>;
  let access: AccessService;
  /** Password-throttle lookups, the cost a password album's visitor pays per check. */
  let throttleLookups = 0;
  const ids = {
    privateAlbum: '',
    sharedAlbum: '',
    passwordAlbum: '',
    trashedAlbum: '',
    ownerTimeline: '',
    liveFile: '',
    deletedFile: '',
    openShare: '',
    passwordShare: '',
    stoppedShare: '',
  };
  const callers: Record<string, Caller> = {};
  let passwordHash = '';
  let now = 1_700_000_000_000;
  const clock = () => now++;

  async function album(ownerId: string, privacy: 'private' | 'shared', password: string | null) {
    const id = randomUUID();
    await repos.transaction((tx) =>
      tx.albums.insert(
        {
          id,
          type: 'story',
          owner_id: ownerId,
          name: 'Album',
          created_at: now,
          updated_at: now,
          serial: 0,
          deleted_at: null,
        },
        {
          privacy,
          password_hash: password ? passwordHash : null,
          permissions: albumPermissions({ comments: true, uploads: true }),
          allow_sharing: 1,
          cover_file_id: null,
          sort_order: DEFAULT_ALBUM_FILE_SORT,
          media_count: 0,
          size_bytes: 0,
          heic_count: 0,
          first_taken: null,
          last_taken: null,
          latest_file_id: null,
          participant_count: 0,
          comment_count: 0,
          reaction_count: 0,
        },
      ),
    );
    return id;
  }

  async function file(jobId: string, userId: string, deleted: boolean) {
    const sha256 = randomUUID().replaceAll('-', '').padEnd(64, '0');
    await store()
      .db.insertInto('contents')
      .values({
        sha256,
        size: 1,
        mime: 'image/jpeg',
        media_kind: 'picture',
        blob_key: sha256,
        width: null,
        height: null,
        duration_ms: null,
        taken_at: null,
        metadata: null,
        ref_count: 1,
        thumb_status: 'none',
        encode_status: 'none',
        thumbhash: null,
        created_at: now,
      })
      .execute();
    const id = randomUUID();
    await store()
      .db.insertInto('files')
      .values({
        id,
        job_id: jobId,
        content_sha256: sha256,
        user_id: userId,
        path: 'a.jpg',
        file_name: 'a.jpg',
        extension: 'jpg',
        size: 1,
        mtime: now,
        ctime: now,
        taken_at: now,
        uploaded_at: now,
        file_type: 'Pictures',
        is_screenshot: 0,
        group_type: null,
        group_id: null,
        is_master: 0,
        deleted_at: deleted ? now : null,
      })
      .execute();
    return id;
  }

  beforeAll(async () => {
    repos = createRepositories(store());
    passwordHash = await hashPassword(PASSWORD);
    const accounts = createAccountService({ repos, clock, defaultStorageGib: 1 });
    const user = async (name: string) =>
      (await accounts.createUser({ email: `${name}-${randomUUID()}@example.com`, name })).id;
    const [owner, participant, other] = [await user('owner'), await user('participant'), await user('other')];
    const jobs = createJobService({ repos, clock });
    const throttle = createLoginThrottle(repos.loginThrottle, clock);
    const counted = {
      ...throttle,
      lockedUntil: (keys: string[]) => {
        throttleLookups += 1;
        return throttle.lockedUntil(keys);
      },
    };
    access = createAccessService({ repos, jobs, throttle: counted, clock });

    ids.ownerTimeline = (await jobs.ensureTimeline(owner)).id;
    ids.privateAlbum = await album(owner, 'private', null);
    ids.sharedAlbum = await album(owner, 'shared', null);
    ids.passwordAlbum = await album(owner, 'shared', PASSWORD);
    ids.trashedAlbum = await album(owner, 'shared', null);
    await repos.albums.markDeleted(ids.trashedAlbum, now);
    for (const id of [ids.sharedAlbum, ids.passwordAlbum, ids.trashedAlbum]) {
      await repos.transaction((tx) => tx.albums.addMember(id, participant, now));
    }
    const guestToken = generateToken();
    await repos.transaction((tx) =>
      tx.albums.insertGuest({
        id: randomUUID(),
        job_id: ids.passwordAlbum,
        name: 'Guest',
        token_hash: hashToken(guestToken),
        created_at: now,
      }),
    );
    const share = async (password: string | null, stopped: boolean) => {
      const id = randomUUID();
      await repos.shares.insert(
        {
          id,
          owner_id: owner,
          created_at: now,
          expires_at: now + 30 * 24 * 60 * 60 * 1000,
          password_hash: password ? passwordHash : null,
          deleted_at: stopped ? now : null,
        },
        [],
      );
      return id;
    };
    ids.openShare = await share(null, false);
    ids.passwordShare = await share(PASSWORD, false);
    ids.stoppedShare = await share(null, true);
    ids.liveFile = await file(ids.passwordAlbum, owner, false);
    ids.deletedFile = await file(ids.passwordAlbum, owner, true);

    const signedIn = (userId: string, password: string | null = null): Caller => ({
      ...signedOutCaller('203.0.113.7'),
      userId,
      password,
    });
    const visitor = (password: string | null, token: string | null = null): Caller => ({
      ...signedOutCaller('203.0.113.9'),
      password,
      guestToken: token,
    });
    Object.assign(callers, {
      owner: signedIn(owner),
      participant: signedIn(participant),
      'visitor with password': visitor(PASSWORD),
      'visitor without password': visitor(null),
      guest: visitor(PASSWORD, guestToken),
      'signed out': signedOutCaller('203.0.113.9'),
      'other user': signedIn(other),
      'other user with password': signedIn(other, PASSWORD),
    });
  });

  type Row = [target: keyof typeof ids, expected: Record<string, string>];

  /** Each permission's answers, per target, for every kind of caller (columns in `callers`' order). */
  const table = (
    answers: [string, string, string, string, string, string, string, string],
  ): Record<string, string> => {
    const names = [
      'owner',
      'participant',
      'visitor with password',
      'visitor without password',
      'guest',
      'signed out',
      'other user',
      'other user with password',
    ];
    return Object.fromEntries(names.map((name, i) => [name, answers[i] as string]));
  };

  const decisions: Record<Exclude<Permission, 'album.file'>, Row[]> = {
    [Permission.AlbumRead]: [
      ['privateAlbum', table(['owner', SECURED, SECURED, SECURED, SECURED, SECURED, SECURED, SECURED])],
      [
        'sharedAlbum',
        table(['owner', 'subscriber', 'visitor', 'visitor', 'visitor', 'visitor', 'visitor', 'visitor']),
      ],
      [
        'passwordAlbum',
        table([
          'owner',
          'subscriber',
          'visitor',
          NO_PASSWORD,
          'visitor',
          NO_PASSWORD,
          NO_PASSWORD,
          'visitor',
        ]),
      ],
      [
        'trashedAlbum',
        table([TRASHED, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND]),
      ],
      [
        'ownerTimeline',
        table([NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND]),
      ],
    ],
    [Permission.AlbumEdit]: [
      ['privateAlbum', table(['owner', SECURED, SECURED, SECURED, SECURED, SECURED, SECURED, SECURED])],
      [
        'sharedAlbum',
        table(['owner', FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
      ],
      [
        'passwordAlbum',
        table(['owner', FORBIDDEN, FORBIDDEN, NO_PASSWORD, FORBIDDEN, NO_PASSWORD, NO_PASSWORD, FORBIDDEN]),
      ],
      [
        'trashedAlbum',
        table([TRASHED, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND]),
      ],
    ],
    [Permission.JobRead]: [
      ['privateAlbum', table(['ok', SECURED, SECURED, SECURED, SECURED, SECURED, SECURED, SECURED])],
      ['sharedAlbum', table(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'])],
      ['passwordAlbum', table(['ok', 'ok', 'ok', NO_PASSWORD, 'ok', NO_PASSWORD, NO_PASSWORD, 'ok'])],
      // The owner reads a trashed album's files (the trash lists them); to others it is gone.
      [
        'trashedAlbum',
        table(['ok', NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND]),
      ],
      ['ownerTimeline', table(['ok', NOT_FOUND, SIGN_IN, SIGN_IN, SIGN_IN, SIGN_IN, NOT_FOUND, NOT_FOUND])],
    ],
    [Permission.JobUpload]: [
      ['privateAlbum', table(['ok', SECURED, SIGN_IN, SIGN_IN, SIGN_IN, SIGN_IN, SECURED, SECURED])],
      ['sharedAlbum', table(['ok', 'ok', SIGN_IN, SIGN_IN, SIGN_IN, SIGN_IN, FORBIDDEN, FORBIDDEN])],
      ['passwordAlbum', table(['ok', 'ok', SIGN_IN, SIGN_IN, SIGN_IN, SIGN_IN, NO_PASSWORD, FORBIDDEN])],
      ['trashedAlbum', table([TRASHED, TRASHED, SIGN_IN, SIGN_IN, SIGN_IN, SIGN_IN, TRASHED, TRASHED])],
      ['ownerTimeline', table(['ok', NOT_FOUND, SIGN_IN, SIGN_IN, SIGN_IN, SIGN_IN, NOT_FOUND, NOT_FOUND])],
    ],
    [Permission.JobInfo]: [
      ['privateAlbum', table(['ok', SECURED, SECURED, SECURED, SECURED, SECURED, SECURED, SECURED])],
      ['passwordAlbum', table(['ok', 'ok', 'ok', NO_PASSWORD, 'ok', NO_PASSWORD, NO_PASSWORD, 'ok'])],
      [
        'trashedAlbum',
        table([TRASHED, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND]),
      ],
      [
        'ownerTimeline',
        table(['ok', NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND]),
      ],
    ],
    [Permission.ShareRead]: [
      ['openShare', table(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'])],
      ['passwordShare', table(['ok', NO_PASSWORD, 'ok', NO_PASSWORD, 'ok', NO_PASSWORD, NO_PASSWORD, 'ok'])],
      [
        'stoppedShare',
        table([NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND]),
      ],
    ],
    [Permission.ShareEdit]: [
      [
        'openShare',
        table(['ok', FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
      ],
      [
        'stoppedShare',
        table([NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND, NOT_FOUND]),
      ],
    ],
  };

  for (const [permission, rows] of Object.entries(decisions) as [Permission, Row[]][]) {
    it(`answers ${permission} for every caller as core.md §6 says`, async () => {
      for (const [target, expected] of rows) {
        const answers: Record<string, string> = {};
        for (const name of Object.keys(expected)) {
          const caller = callers[name] as Caller;
          answers[name] = await outcome(
            access.requireAccess(caller, permission as typeof Permission.JobRead, ids[target]),
          );
        }
        expect({ target, answers }).toEqual({ target, answers: expected });
      }
    });
  }

  it('answers album.file for a live file only, after the album read', async () => {
    const on = (caller: string, fileId: string, album = ids.passwordAlbum) =>
      outcome(access.requireAccess(callers[caller] as Caller, Permission.AlbumFile, { album, fileId }));
    expect(await on('owner', ids.liveFile)).toBe('owner');
    expect(await on('guest', ids.liveFile)).toBe('visitor');
    expect(await on('participant', ids.liveFile)).toBe('subscriber');
    expect(await on('visitor without password', ids.liveFile)).toBe(NO_PASSWORD);
    expect(await on('owner', ids.deletedFile)).toBe(NOT_FOUND);
    // A file of another album is not found through this one, and the read refusal comes first.
    expect(await on('owner', ids.liveFile, ids.sharedAlbum)).toBe(NOT_FOUND);
    expect(await on('other user', randomUUID(), ids.privateAlbum)).toBe(SECURED);
    const named = await access.requireAccess(callers.guest as Caller, Permission.AlbumFile, {
      album: ids.passwordAlbum,
      fileId: ids.liveFile,
    });
    expect(named.guest?.name).toBe('Guest');
  });

  it('reads the album once per grant, however often the grant is asked for it', async () => {
    const visitor = callers['visitor with password'] as Caller;
    throttleLookups = 0;
    const grant = await access.requireAccess(visitor, Permission.JobRead, ids.passwordAlbum);
    const [first, second] = [await grant.album(), await grant.album()];
    expect(first).toBe(second);
    expect(throttleLookups).toBe(1);
    // The owner's grant skips the album rules until asked, then asks them once.
    throttleLookups = 0;
    const own = await access.requireAccess(callers.owner as Caller, Permission.JobRead, ids.passwordAlbum);
    expect(await own.album()).toBe(await own.album());
    expect((await own.album()).role).toBe('owner');
    expect(throttleLookups).toBe(0);
  });

  it("checks a password album's visitor once per poll and once per change-feed read with comments", async () => {
    const events = createInProcessJobEvents();
    const timeline = createTimelineService({ repos, access, clock, signer: null });
    const feed = createJobFeedService({ repos, access, timeline, events });
    const author = { uuid: randomUUID(), name: 'Participant', guest: false };
    await repos.transaction((tx) =>
      tx.changes.append(ids.passwordAlbum, {
        type: ChangeType.comment,
        entityId: randomUUID(),
        fields: {
          fileID: ids.liveFile,
          comment: 'Northern lights',
          author,
          timestamp: 1,
          lastEditTimestamp: null,
        },
        at: now,
      }),
    );
    const visitor = callers['visitor with password'] as Caller;

    throttleLookups = 0;
    const reply = await feed.changesAndUploadStatus(visitor, ids.passwordAlbum, 0);
    expect(reply.changes.some((change) => change.type === ChangeType.comment)).toBe(true);
    expect(throttleLookups).toBe(1);

    throttleLookups = 0;
    const changes = await timeline.changes(visitor, ids.passwordAlbum, 0);
    expect(changes.changes.length).toBeGreaterThan(0);
    expect(throttleLookups).toBe(1);

    throttleLookups = 0;
    const poll = await feed.poll(visitor, ids.passwordAlbum, {
      seq: 0,
      holdMs: 0,
      signal: new AbortController().signal,
    });
    expect(poll).toMatchObject({ result: 'ok' });
    expect(throttleLookups).toBe(1);
  });
});
