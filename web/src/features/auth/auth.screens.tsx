import { lazyPart } from '../../routing/lazy-part';
import { ALBUM_ROUTE, routesOf, type ScreenRoute, type ScreenRouteOptions } from '../../routing/screen-route';
import type { GateScreen, RenderGuestPrompt } from './login-gates';

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

const gate = (
  path: string,
  screen: GateScreen,
  options: Omit<ScreenRouteOptions, 'Component'> = {},
  renderGuestPrompt?: RenderGuestPrompt,
) =>
  route(path, screen, {
    ...options,
    Component: ({ params }) => (
      <LoginGatePage screen={screen} params={params} renderGuestPrompt={renderGuestPrompt} />
    ),
  });

export interface AuthScreenSlots {
  /** The name prompt in its albumCreation context, asked before the create-album gate. */
  renderAlbumCreationPrompt?: RenderGuestPrompt;
}

/** Sign-in, its callback, and the login-gated pages that remember an action (core.md §2). */
export const authScreens = (slots: AuthScreenSlots = {}): readonly ScreenRoute[] => [
  route('/login', 'login', { Component: () => <LoginStartPage /> }),
  route('/login/callback', 'loginCallback', { Component: () => <LoginCallbackPage /> }),
  gate('/a/:albumIDB64/createNew', 'createAlbumGate', ALBUM_ROUTE, slots.renderAlbumCreationPrompt),
  gate('/a/:albumIDB64/subscribe', 'subscribeAlbumGate', ALBUM_ROUTE),
  gate('/a/:albumIDB64/copyAlbum', 'copyAlbumGate', ALBUM_ROUTE),
  gate('/a/:albumIDB64/:fileID/copyAlbum', 'copyAlbumFileGate', ALBUM_ROUTE),
  gate('/share/:shareID/copyShare', 'copyShareGate'),
];
