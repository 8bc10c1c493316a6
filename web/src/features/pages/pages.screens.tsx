import { lazyPart } from '../../routing/lazy-part';
import { routesOf, type ScreenRoute } from '../../routing/screen-route';

const StartPage = lazyPart(() => import('./start-page.component').then((module) => module.StartPage));
const HelpPage = lazyPart(() => import('./help-page.component').then((module) => module.HelpPage));
const ErrorPage = lazyPart(() => import('./error-page.component').then((module) => module.ErrorPage));
const NotFoundPage = lazyPart(() =>
  import('./not-found-page.component').then((module) => module.NotFoundPage),
);
/** Drawn by the app's route screen for an album address without its album. */
export const MissingAlbumPage = lazyPart(() =>
  import('./missing-album-page.component').then((module) => module.MissingAlbumPage),
);

const route = routesOf('pages');

/** The start, help, error and not-found pages. */
export const PAGES_SCREENS: readonly ScreenRoute[] = [
  route('/', 'start', { Component: ({ brandName }) => <StartPage brandName={brandName} /> }),
  route('/help', 'help', { Component: ({ brandName }) => <HelpPage brandName={brandName} /> }),
  route('/error/:code', 'error', { Component: ({ params }) => <ErrorPage code={params.code} /> }),
  // Whatever no other route matches.
  route('*', 'notFound', { Component: () => <NotFoundPage /> }),
];
