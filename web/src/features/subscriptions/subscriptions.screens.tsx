import { withStrings } from '../../i18n/i18n';
import { lazyPart } from '../../routing/lazy-part';
import { routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';
import type { StorageEnvironment } from './storage-page.component';

const StoragePage = lazyPart(() =>
  withStrings(['subscriptions'], import('./storage-page.component')).then((module) => module.StoragePage),
);
const DebugPage = lazyPart(() =>
  withStrings(['subscriptions'], import('./debug-page.component')).then((module) => module.DebugPage),
);

const route = routesOf('subscriptions');

/** account.md §2 /settings/storage and the debug page; the account and configuration come from the app. */
export const subscriptionsScreens = ({
  useStorageEnvironment,
}: {
  useStorageEnvironment: () => StorageEnvironment;
}): readonly ScreenRoute[] => [
  route('/settings/storage', 'storage', {
    ...SIGNED_IN_ROUTE,
    preload: StoragePage.preload,
    Component: () => <StoragePage environment={useStorageEnvironment()} />,
  }),
  route('/settings/debug', 'debug', {
    ...SIGNED_IN_ROUTE,
    Component: () => <DebugPage testEndpoints={useStorageEnvironment().testEndpoints} />,
  }),
];
