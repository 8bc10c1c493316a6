import { routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';
import { DevicesPage } from './devices-page.component';

const route = routesOf('devices');

export const DEVICES_SCREENS: readonly ScreenRoute[] = [
  route('/settings/devices', 'devices', { ...SIGNED_IN_ROUTE, Component: () => <DevicesPage /> }),
];
