import { lazyPart } from '../../routing/lazy-part';
import { routesOf, type ScreenRoute } from '../../routing/screen-route';

const TestFlagsPage = lazyPart(() =>
  import('./test-flags-page.component').then((module) => module.TestFlagsPage),
);

const route = routesOf('flags');

export const FLAGS_SCREENS: readonly ScreenRoute[] = [
  route('/settings/testFlags', 'testFlags', { Component: () => <TestFlagsPage /> }),
];
