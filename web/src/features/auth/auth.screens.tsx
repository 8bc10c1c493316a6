import { lazyPart } from '../../routing/lazy-part';
import { ALBUM_ROUTE, routesOf, type ScreenRoute, type ScreenRouteOptions } from '../../routing/screen-route';
import type { GateScreen } from './login-gates';

const LoginGatePage = lazyPart(() =>
  import('./login-gate-page.component').then((module) => module.LoginGatePage),
);
const LoginStartPage = lazyPart(() =>
  import('./login-pages.component').then((module) => module.LoginStartPage),
);
const LoginCallbackPage = lazyPart(() =>
  import('./login-pages.component').then((module) => module.LoginCallbackPage),
);

const route = routesOf('auth');

const gate = (path: string, screen: GateScreen, options: ScreenRouteOptions = {}) =>
  route(path, screen, {
    ...options,
    Component: ({ params }) => <LoginGatePage screen={screen} params={params} />,
  });

/** Sign-in, its callback, and the login-gated pages that remember an action (core.md §2). */
export const AUTH_SCREENS: readonly ScreenRoute[] = [
  route('/login', 'login', { Component: () => <LoginStartPage /> }),
  route('/login/callback', 'loginCallback', { Component: () => <LoginCallbackPage /> }),
  gate('/a/:albumIDB64/createNew', 'createAlbumGate', ALBUM_ROUTE),
  gate('/a/:albumIDB64/subscribe', 'subscribeAlbumGate', ALBUM_ROUTE),
  gate('/a/:albumIDB64/copyAlbum', 'copyAlbumGate', ALBUM_ROUTE),
  gate('/a/:albumIDB64/:fileID/copyAlbum', 'copyAlbumFileGate', ALBUM_ROUTE),
  gate('/share/:shareID/copyShare', 'copyShareGate'),
];
