import { withStrings } from '../../i18n/i18n';
import { lazyPart } from '../../routing/lazy-part';
import { routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';

const TakeoutPage = lazyPart(() =>
  withStrings(['downloads'], import('./takeout-page.component')).then((module) => module.TakeoutPage),
);

const route = routesOf('downloads');

export const DOWNLOADS_SCREENS: readonly ScreenRoute[] = [
  // account.md §6: takeout needs a signed-in user.
  route('/settings/takeout', 'takeout', {
    ...SIGNED_IN_ROUTE,
    preload: TakeoutPage.preload,
    Component: ({ brandName }) => <TakeoutPage brandName={brandName} />,
  }),
];
