import { withStrings } from '../../i18n/i18n';
import { lazyPart } from '../../routing/lazy-part';
import { routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';

const DevicesPage = lazyPart(() =>
  withStrings(['devices'], import('./devices-page.component')).then((module) => module.DevicesPage),
);

const route = routesOf('devices');

export const DEVICES_SCREENS: readonly ScreenRoute[] = [
  route('/settings/devices', 'devices', {
    ...SIGNED_IN_ROUTE,
    preload: DevicesPage.preload,
    Component: () => <DevicesPage />,
  }),
];
