import { routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';
import { SettingsPage, type SettingsPageProps } from './settings-page.component';

const route = routesOf('settings');

export const settingsScreens = (slots: SettingsPageProps): readonly ScreenRoute[] => [
  route('/settings', 'settings', { ...SIGNED_IN_ROUTE, Component: () => <SettingsPage {...slots} /> }),
];
