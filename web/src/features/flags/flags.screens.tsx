import { routesOf, type ScreenRoute } from '../../routing/screen-route';
import { TestFlagsPage } from './test-flags-page.component';

const route = routesOf('flags');

export const FLAGS_SCREENS: readonly ScreenRoute[] = [
  route('/settings/testFlags', 'testFlags', { Component: () => <TestFlagsPage /> }),
];
