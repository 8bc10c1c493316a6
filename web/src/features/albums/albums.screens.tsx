import type { ReactNode } from 'react';
import type { ChangeFeedHook } from '../../api/job-feed.api';
import { getAuthToken } from '../../api/session';
import type { FileActionAccountHook } from '../../file-actions/file-action.types';
import { withStrings } from '../../i18n/i18n';
import { lazyPart } from '../../routing/lazy-part';
import { ALBUM_ROUTE, routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';
import { albumIdOf } from './album-address';
import type { RenderAlbumFileMenu, RenderVisitorName } from './album-page.component';
import type { AlbumViewerSlotProps } from './album-viewer-screen.component';

const AlbumsPage = lazyPart(() =>
  withStrings(['albums'], import('./albums-page.component')).then((module) => module.AlbumsPage),
);
const AlbumScreen = lazyPart(() =>
  withStrings(['albums'], import('./album-screen.component')).then((module) => module.AlbumScreen),
);
const AlbumViewerScreen = lazyPart(() =>
  withStrings(['albums'], import('./album-viewer-screen.component')).then(
    (module) => module.AlbumViewerScreen,
  ),
);
const AlbumImagePage = lazyPart(() =>
  withStrings(['albums'], import('./album-image-page.component')).then((module) => module.AlbumImagePage),
);

const route = routesOf('albums');

/** What the album screens need from other features. */
export interface AlbumsScreenSlots {
  useAccount: FileActionAccountHook;
  /** The sign-in prompt for an album that needs a signed-in user (core.md §4 LOGIN_REQUIRED). */
  renderLoginGate: () => ReactNode;
  /** The viewer, composed by the app from the carousel feature. */
  renderViewer: (props: AlbumViewerSlotProps) => ReactNode;
  /** The file context menu on the album's tiles. */
  renderFileMenu: RenderAlbumFileMenu;
  /** The read-only rule's gate (disabled with the subscribe tooltip), from the account feature. */
  renderReadOnlyGate?: (action: 'createAlbum', control: (disabled: boolean) => ReactNode) => ReactNode;
  /** The live change feed (the job syncer) the open album follows. */
  useChangeFeed?: ChangeFeedHook;
  /** A signed-out visitor's name for comments and loves, from the comments feature. */
  renderVisitorName?: RenderVisitorName;
}

type Params = Readonly<Record<string, string | undefined>>;

export const albumsScreens = (slots: AlbumsScreenSlots): readonly ScreenRoute[] => {
  function Album({ params, visitorRoute }: { params: Params; visitorRoute: boolean }) {
    // A signed-in user who follows an album's link sees it as their own app does.
    return (
      <AlbumScreen
        albumId={albumIdOf(params)}
        visitor={visitorRoute && getAuthToken() === null}
        account={slots.useAccount()}
        loginGate={slots.renderLoginGate()}
        renderFileMenu={slots.renderFileMenu}
        useChangeFeed={slots.useChangeFeed}
        renderVisitorName={slots.renderVisitorName}
      />
    );
  }
  function Albums() {
    const gate = slots.renderReadOnlyGate;
    return (
      <AlbumsPage
        readOnly={slots.useAccount()?.isReadOnly === true}
        renderCreateGate={gate ? (button) => gate('createAlbum', button) : undefined}
      />
    );
  }
  function Viewer({ params }: { params: Params }) {
    return (
      <AlbumViewerScreen
        albumId={albumIdOf(params)}
        fileId={params.fileID ?? ''}
        basePath={`/carousel/${params.albumIDB64 ?? ''}`}
        account={slots.useAccount()}
        renderViewer={slots.renderViewer}
      />
    );
  }
  return [
    route('/albums', 'albums', {
      ...SIGNED_IN_ROUTE,
      preload: AlbumsPage.preload,
      Component: () => <Albums />,
    }),
    route('/albums/:albumIDB64', 'album', {
      ...ALBUM_ROUTE,
      ...SIGNED_IN_ROUTE,
      preload: AlbumScreen.preload,
      Component: ({ params }) => <Album params={params} visitorRoute={false} />,
    }),
    route('/a/:albumIDB64', 'publicAlbum', {
      ...ALBUM_ROUTE,
      preload: AlbumScreen.preload,
      Component: ({ params }) => <Album params={params} visitorRoute />,
    }),
    route('/carousel/:albumIDB64/:fileID', 'albumCarousel', {
      ...ALBUM_ROUTE,
      preload: AlbumViewerScreen.preload,
      Component: ({ params }) => <Viewer params={params} />,
    }),
    route('/albumImage/:albumIDB64/:fileID', 'albumImage', {
      ...ALBUM_ROUTE,
      preload: AlbumImagePage.preload,
      Component: ({ params }) => <AlbumImagePage albumId={albumIdOf(params)} fileId={params.fileID ?? ''} />,
    }),
  ];
};
