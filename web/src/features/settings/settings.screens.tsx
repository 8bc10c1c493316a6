import { withStrings } from '../../i18n/i18n';
import { lazyPart } from '../../routing/lazy-part';
import { routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';
import type { SettingsPageProps } from './settings-page.component';

const SettingsPage = lazyPart(() =>
  withStrings(['settings'], import('./settings-page.component')).then((module) => module.SettingsPage),
);

const route = routesOf('settings');

export const settingsScreens = (slots: SettingsPageProps): readonly ScreenRoute[] => [
  route('/settings', 'settings', {
    ...SIGNED_IN_ROUTE,
    preload: SettingsPage.preload,
    Component: () => <SettingsPage {...slots} />,
  }),
];
