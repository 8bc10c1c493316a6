import { routesOf, type ScreenRoute } from '../../routing/screen-route';
import { ErrorPage } from './error-page.component';
import { HelpPage } from './help-page.component';
import { NotFoundPage } from './not-found-page.component';
import { StartPage } from './start-page.component';

const route = routesOf('pages');

/** The start, help, error and not-found pages. */
export const PAGES_SCREENS: readonly ScreenRoute[] = [
  route('/', 'start', { Component: ({ brandName }) => <StartPage brandName={brandName} /> }),
  route('/help', 'help', { Component: ({ brandName }) => <HelpPage brandName={brandName} /> }),
  route('/error/:code', 'error', { Component: ({ params }) => <ErrorPage code={params.code} /> }),
  // Whatever no other route matches.
  route('*', 'notFound', { Component: () => <NotFoundPage /> }),
];
