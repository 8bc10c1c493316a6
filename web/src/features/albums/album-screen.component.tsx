import { transformAlbumPassword } from '@nordlys/contract/album-password';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useLocation } from 'react-router';
import { type Album, fetchAlbum } from '../../api/albums.api';
import { isApiError } from '../../api/errors';
import type { ChangeFeedHook } from '../../api/job-feed.api';
import { getAuthToken } from '../../api/session';
import type { FileActionAccount } from '../../file-actions/file-action.types';
import { albumLoadReducer, albumViewFor, initialAlbumLoad } from './album-load.reducer';
import { toAlbumView } from './album-model';
import { AlbumPage, type RenderAlbumFileMenu, type RenderVisitorName } from './album-page.component';
import { rememberAlbumPassword, rememberedAlbumPassword } from './album-password.storage';
import { AlbumLoader, AlbumNotFound, AlbumPasswordPage } from './album-status-pages.component';
import './albums.css';

export interface AlbumScreenProps {
  /** The album's UUID, decoded from the address; null when the address holds no album id. */
  albumId: string | null;
  /** Opened through /a/{albumIDB64} by a visitor who is not signed in. */
  visitor: boolean;
  account: FileActionAccount | null;
  /** The sign-in prompt for an album that needs a signed-in user. */
  loginGate: ReactNode;
  renderFileMenu?: RenderAlbumFileMenu;
  useChangeFeed?: ChangeFeedHook;
  renderVisitorName?: RenderVisitorName;
}

const failureOf = (error: unknown) =>
  isApiError(error) ? { status: error.status, reason: error.reason } : { status: null };

/**
 * The album wrapper (core.md §2, §4): loads the album and shows the view its load status calls
 * for — loader, album-not-found, password page, login gate, or the album.
 */
export function AlbumScreen({
  albumId,
  visitor,
  account,
  loginGate,
  renderFileMenu,
  useChangeFeed,
  renderVisitorName,
}: AlbumScreenProps) {
  const location = useLocation();
  const [state, dispatch] = useReducer(albumLoadReducer<Album>, undefined, () => {
    const initial = {
      ...initialAlbumLoad<Album>(),
      password: albumId ? rememberedAlbumPassword(albumId) : null,
    };
    // Opened from the list: show what the list knew while the album is read again (core.md §4).
    const listed = (location.state as { listedAlbum?: Album } | null)?.listedAlbum;
    return listed && listed.id === albumId
      ? albumLoadReducer(initial, { type: 'fetched', album: listed, partial: true })
      : initial;
  });
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(
    (password: string | null) => {
      if (!albumId) {
        dispatch({ type: 'fetchFailed', failure: { status: 404 }, signedIn: getAuthToken() !== null });
        return;
      }
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      dispatch({ type: 'fetchStarted' });
      fetchAlbum(albumId, { password }, current.signal).then(
        (album) => {
          if (password) rememberAlbumPassword(albumId, password);
          dispatch({ type: 'fetched', album });
        },
        (error: unknown) => {
          if (current.signal.aborted) return;
          if (password && isApiError(error)) rememberAlbumPassword(albumId, null);
          dispatch({ type: 'fetchFailed', failure: failureOf(error), signedIn: getAuthToken() !== null });
        },
      );
    },
    [albumId],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the remembered password is read once per album
  useEffect(() => {
    load(state.password);
    return () => controller.current?.abort();
  }, [load]);

  const reload = useCallback(() => load(state.password), [load, state.password]);
  const outdated = useCallback(() => {
    dispatch({ type: 'outdated' });
    reload();
  }, [reload]);

  const submitPassword = async (typed: string) => {
    const password = await transformAlbumPassword(typed);
    dispatch({ type: 'passwordProvided', password });
    load(password);
  };

  const view = albumViewFor(state);
  const signedIn = account !== null || getAuthToken() !== null;
  switch (view) {
    case 'loader':
      return <AlbumLoader />;
    case 'deleted':
      return <AlbumNotFound signedIn={signedIn} deleted />;
    case 'notFound':
      return <AlbumNotFound signedIn={signedIn} />;
    case 'failed':
      return <AlbumNotFound signedIn={signedIn} failed onRetry={() => load(state.password)} />;
    case 'password':
      return (
        <AlbumPasswordPage
          pending={state.status === 'PASSWORD_PROVIDED'}
          rejected={state.passwordRejected}
          onSubmit={(typed) => void submitPassword(typed)}
        />
      );
    case 'login':
      return <>{loginGate}</>;
    case 'album':
      return state.album ? (
        <AlbumPage
          album={toAlbumView(state.album)}
          password={state.password}
          visitor={visitor}
          account={account}
          renderFileMenu={renderFileMenu}
          onChanged={(album) => dispatch({ type: 'albumChanged', album })}
          onReload={reload}
          onOutdated={outdated}
          useChangeFeed={useChangeFeed}
          renderVisitorName={renderVisitorName}
          onGone={() => dispatch({ type: 'deleted' })}
        />
      ) : null;
  }
}
