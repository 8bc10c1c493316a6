import {
  JOB_HAS_BEEN_DELETED,
  NO_ACCESS_TO_SECURED_JOB,
  PUBLIC_JOB_AUTH_FAILED,
} from '@nordlys/contract/album';

/**
 * core.md §4 "Album load status" and its failure mapping, as a reducer the album wrapper runs with
 * useReducer. No React, no I/O: the wrapper performs the fetches and reports their outcome here.
 */
export const ALBUM_LOAD_STATUSES = [
  'NOT_STARTED',
  'PENDING',
  'NOT_FOUND',
  'PASSWORD_REQUIRED',
  'PASSWORD_PROVIDED',
  'LOGIN_REQUIRED',
  'FETCHED',
  'PARTIALLY_FETCHED',
  'FETCH_FAILED',
  'RECENTLY_DELETED',
] as const;
export type AlbumLoadStatus = (typeof ALBUM_LOAD_STATUSES)[number];

/** What the wrapper knows of a failed fetch: the HTTP status (null without an answer) and the body's reason. */
export interface FetchFailure {
  status: number | null;
  reason?: string;
}

const AUTH_STATUSES = new Set([400, 401, 403]);

/**
 * core.md §4: where a failed album (or share) fetch leads. The server answers its owner
 * 'Job has been deleted' for an album in the trash: RECENTLY_DELETED.
 */
export function statusForFailure(failure: FetchFailure, signedIn: boolean): AlbumLoadStatus {
  const { status, reason = '' } = failure;
  if (reason.includes(JOB_HAS_BEEN_DELETED)) return 'RECENTLY_DELETED';
  if (status !== null && AUTH_STATUSES.has(status) && reason.includes(PUBLIC_JOB_AUTH_FAILED)) {
    return 'PASSWORD_REQUIRED';
  }
  if (reason.includes(NO_ACCESS_TO_SECURED_JOB)) return signedIn ? 'NOT_FOUND' : 'LOGIN_REQUIRED';
  if (status !== null && (AUTH_STATUSES.has(status) || status === 404)) return 'NOT_FOUND';
  return 'FETCH_FAILED';
}

export interface AlbumLoadState<A> {
  status: AlbumLoadStatus;
  album: A | null;
  /** PASSWORD_PROVIDED stores the password (already transformed) until the album answers with it. */
  password: string | null;
  /** The last password tried was refused: the password page says 'incorrect password'. */
  passwordRejected: boolean;
}

export type AlbumLoadEvent<A> =
  | { type: 'fetchStarted' }
  | { type: 'passwordProvided'; password: string }
  | { type: 'fetched'; album: A; partial?: boolean }
  | { type: 'fetchFailed'; failure: FetchFailure; signedIn: boolean }
  | { type: 'albumChanged'; album: A }
  /** The change feed brought a change newer than the album as read (core.md §4). */
  | { type: 'outdated' }
  | { type: 'deleted' };

export const initialAlbumLoad = <A>(): AlbumLoadState<A> => ({
  status: 'NOT_STARTED',
  album: null,
  password: null,
  passwordRejected: false,
});

export function albumLoadReducer<A>(state: AlbumLoadState<A>, event: AlbumLoadEvent<A>): AlbumLoadState<A> {
  switch (event.type) {
    case 'fetchStarted':
      // A password being tried keeps its status (the password page shows it pending), and an album
      // on screen stays while it is read again.
      return state.status === 'PASSWORD_PROVIDED' || state.album ? state : { ...state, status: 'PENDING' };
    case 'passwordProvided':
      return { ...state, status: 'PASSWORD_PROVIDED', password: event.password, passwordRejected: false };
    case 'fetched':
      return {
        ...state,
        status: event.partial ? 'PARTIALLY_FETCHED' : 'FETCHED',
        album: event.album,
        passwordRejected: false,
      };
    case 'fetchFailed': {
      const status = statusForFailure(event.failure, event.signedIn);
      const triedPassword = state.status === 'PASSWORD_PROVIDED';
      return {
        ...state,
        status,
        album: status === 'FETCH_FAILED' ? state.album : null,
        password: status === 'PASSWORD_REQUIRED' ? null : state.password,
        passwordRejected: status === 'PASSWORD_REQUIRED' && triedPassword,
      };
    }
    case 'albumChanged':
      return state.album ? { ...state, album: event.album } : state;
    case 'outdated':
      return state.album && state.status === 'FETCHED' ? { ...state, status: 'PARTIALLY_FETCHED' } : state;
    case 'deleted':
      return { ...state, status: 'RECENTLY_DELETED', album: null };
  }
}

/** The wrapper's views (core.md §2 Album page). */
export type AlbumView = 'loader' | 'album' | 'notFound' | 'password' | 'login' | 'failed' | 'deleted';

export function albumViewFor(state: Pick<AlbumLoadState<unknown>, 'status' | 'album'>): AlbumView {
  switch (state.status) {
    case 'FETCHED':
    case 'PARTIALLY_FETCHED':
      return state.album ? 'album' : 'loader';
    case 'NOT_FOUND':
      return 'notFound';
    // core.md §2 pairs fetch failure with the not-found page; ours offers a retry on it.
    case 'FETCH_FAILED':
      return state.album ? 'album' : 'failed';
    case 'PASSWORD_REQUIRED':
    case 'PASSWORD_PROVIDED':
      return 'password';
    case 'LOGIN_REQUIRED':
      return 'login';
    case 'RECENTLY_DELETED':
      return 'deleted';
    case 'NOT_STARTED':
    case 'PENDING':
      return 'loader';
  }
}
