import { NO_ACCESS_TO_SECURED_JOB, PUBLIC_JOB_AUTH_FAILED } from '@nordlys/contract/album';
import { describe, expect, it } from 'vitest';
import {
  type AlbumLoadEvent,
  type AlbumLoadState,
  albumLoadReducer,
  albumViewFor,
  initialAlbumLoad,
  statusForFailure,
} from './album-load.reducer';

describe('album fetch failure mapping (core.md §4)', () => {
  it.each([400, 401, 403])('%i with public job auth failed asks for the password', (status) => {
    expect(statusForFailure({ status, reason: PUBLIC_JOB_AUTH_FAILED }, false)).toBe('PASSWORD_REQUIRED');
    expect(statusForFailure({ status, reason: `x ${PUBLIC_JOB_AUTH_FAILED} y` }, true)).toBe(
      'PASSWORD_REQUIRED',
    );
  });

  it('a secured job is not found for a signed-in user and needs login for an anonymous one', () => {
    for (const status of [401, 403, 500]) {
      expect(statusForFailure({ status, reason: NO_ACCESS_TO_SECURED_JOB }, true)).toBe('NOT_FOUND');
      expect(statusForFailure({ status, reason: NO_ACCESS_TO_SECURED_JOB }, false)).toBe('LOGIN_REQUIRED');
    }
  });

  it('other 400, 401, 403 and 404 are not found; anything else failed', () => {
    for (const status of [400, 401, 403, 404]) {
      expect(statusForFailure({ status, reason: 'something else' }, true)).toBe('NOT_FOUND');
      expect(statusForFailure({ status }, false)).toBe('NOT_FOUND');
    }
    expect(statusForFailure({ status: 404, reason: PUBLIC_JOB_AUTH_FAILED }, false)).toBe('NOT_FOUND');
    expect(statusForFailure({ status: 500 }, true)).toBe('FETCH_FAILED');
    expect(statusForFailure({ status: 502, reason: PUBLIC_JOB_AUTH_FAILED }, true)).toBe('FETCH_FAILED');
    expect(statusForFailure({ status: null }, true)).toBe('FETCH_FAILED');
  });

  it("an album in the owner's trash is recently deleted", () => {
    expect(statusForFailure({ status: 410, reason: 'Job has been deleted' }, true)).toBe('RECENTLY_DELETED');
    expect(statusForFailure({ status: 410 }, true)).toBe('FETCH_FAILED');
  });
});

type Album = { id: string };
const run = (events: AlbumLoadEvent<Album>[]) =>
  events.reduce<AlbumLoadState<Album>>(albumLoadReducer, initialAlbumLoad<Album>());
const album = { id: 'a1' };
const wrongPassword: AlbumLoadEvent<Album> = {
  type: 'fetchFailed',
  failure: { status: 401, reason: PUBLIC_JOB_AUTH_FAILED },
  signedIn: false,
};

describe('album load reducer', () => {
  it('starts not started and shows the loader until the album arrives', () => {
    expect(albumViewFor(run([]))).toBe('loader');
    const pending = run([{ type: 'fetchStarted' }]);
    expect(pending.status).toBe('PENDING');
    expect(albumViewFor(pending)).toBe('loader');
    const fetched = run([{ type: 'fetchStarted' }, { type: 'fetched', album }]);
    expect(fetched).toMatchObject({ status: 'FETCHED', album });
    expect(albumViewFor(fetched)).toBe('album');
    expect(run([{ type: 'fetched', album, partial: true }]).status).toBe('PARTIALLY_FETCHED');
  });

  it('asks for the password, keeps it while tried, and says it was wrong after a refusal', () => {
    const asked = run([{ type: 'fetchStarted' }, wrongPassword]);
    expect(asked).toMatchObject({ status: 'PASSWORD_REQUIRED', passwordRejected: false, password: null });
    expect(albumViewFor(asked)).toBe('password');

    const trying = albumLoadReducer(asked, { type: 'passwordProvided', password: 'hash' });
    expect(trying).toMatchObject({ status: 'PASSWORD_PROVIDED', password: 'hash' });
    expect(albumLoadReducer(trying, { type: 'fetchStarted' }).status).toBe('PASSWORD_PROVIDED');
    expect(albumViewFor(trying)).toBe('password');

    const refused = albumLoadReducer(trying, wrongPassword);
    expect(refused).toMatchObject({ status: 'PASSWORD_REQUIRED', passwordRejected: true, password: null });

    const retried = albumLoadReducer(refused, { type: 'passwordProvided', password: 'right' });
    expect(retried.passwordRejected).toBe(false);
    const opened = albumLoadReducer(retried, { type: 'fetched', album });
    expect(opened).toMatchObject({ status: 'FETCHED', password: 'right', album });
  });

  it('maps the other failures to their views', () => {
    const failed = (status: number | null, signedIn: boolean, reason?: string) =>
      albumViewFor(run([{ type: 'fetchFailed', failure: { status, reason }, signedIn }]));
    expect(failed(404, true)).toBe('notFound');
    expect(failed(403, false, NO_ACCESS_TO_SECURED_JOB)).toBe('login');
    expect(failed(403, true, NO_ACCESS_TO_SECURED_JOB)).toBe('notFound');
    expect(failed(null, true)).toBe('failed');
  });

  it('keeps a shown album on a failed refresh, and leaves it when deleted', () => {
    const refreshFailed = run([
      { type: 'fetched', album },
      { type: 'fetchFailed', failure: { status: 503 }, signedIn: true },
    ]);
    expect(refreshFailed.status).toBe('FETCH_FAILED');
    expect(albumViewFor(refreshFailed)).toBe('album');
    const gone = run([
      { type: 'fetched', album },
      { type: 'fetchFailed', failure: { status: 404 }, signedIn: true },
    ]);
    expect(gone.album).toBeNull();
    const deleted = run([{ type: 'fetched', album }, { type: 'deleted' }]);
    expect(deleted).toMatchObject({ status: 'RECENTLY_DELETED', album: null });
    expect(albumViewFor(deleted)).toBe('deleted');
  });

  it('shows an album known from the list at once and keeps it while it is read again', () => {
    const listed = run([{ type: 'fetched', album, partial: true }, { type: 'fetchStarted' }]);
    expect(listed.status).toBe('PARTIALLY_FETCHED');
    expect(albumViewFor(listed)).toBe('album');
    expect(albumLoadReducer(listed, { type: 'fetched', album }).status).toBe('FETCHED');
  });

  it('applies changes to a shown album only', () => {
    const renamed = { id: 'a1', name: 'x' } as Album;
    expect(
      run([
        { type: 'fetched', album },
        { type: 'albumChanged', album: renamed },
      ]).album,
    ).toBe(renamed);
    expect(run([{ type: 'albumChanged', album: renamed }]).album).toBeNull();
  });

  it('a change newer than the album read makes it partially fetched until read again', () => {
    const outdated = run([{ type: 'fetched', album }, { type: 'outdated' }]);
    expect(outdated.status).toBe('PARTIALLY_FETCHED');
    expect(outdated.album).toBe(album);
    expect(albumViewFor(outdated)).toBe('album');
    expect(albumLoadReducer(outdated, { type: 'fetched', album }).status).toBe('FETCHED');
    // Nothing shown, or not yet read: the event changes nothing.
    expect(run([{ type: 'outdated' }]).status).toBe('NOT_STARTED');
    expect(
      run([{ type: 'fetchFailed', failure: { status: 404 }, signedIn: true }, { type: 'outdated' }]).status,
    ).toBe('NOT_FOUND');
  });
});
