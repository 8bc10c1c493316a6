import type { FileActionAccountHook } from '../../file-actions/file-action.types';
import { withStrings } from '../../i18n/i18n';
import { lazyPart } from '../../routing/lazy-part';
import { routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';

const TrashHub = lazyPart(() =>
  withStrings(['trash'], import('./trash-hub.component')).then((module) => module.TrashHub),
);
const TrashPhotosPage = lazyPart(() =>
  withStrings(['trash'], import('./trash-photos-page.component')).then((module) => module.TrashPhotosPage),
);
const TrashAlbumsPage = lazyPart(() =>
  withStrings(['trash'], import('./trash-albums-page.component')).then((module) => module.TrashAlbumsPage),
);

const route = routesOf('trash');

/** What the trash lists need from the account (the file actions' rules). */
export interface TrashScreenSlots {
  useAccount: FileActionAccountHook;
}

function TrashPhotosScreen({ useAccount }: TrashScreenSlots) {
  return <TrashPhotosPage account={useAccount()} />;
}

function TrashAlbumsScreen({ useAccount }: TrashScreenSlots) {
  return <TrashAlbumsPage account={useAccount()} />;
}

/** The trash (core.md §2); app/route-table adds the in-app copies under /_from_inside_app. */
export const trashScreens = (slots: TrashScreenSlots): readonly ScreenRoute[] => [
  route('/deleted_items', 'trash', {
    ...SIGNED_IN_ROUTE,
    preload: TrashHub.preload,
    Component: () => <TrashHub />,
  }),
  route('/deleted_items/photos', 'trashPhotos', {
    ...SIGNED_IN_ROUTE,
    preload: TrashPhotosPage.preload,
    Component: () => <TrashPhotosScreen {...slots} />,
  }),
  route('/deleted_items/albums', 'trashAlbums', {
    ...SIGNED_IN_ROUTE,
    preload: TrashAlbumsPage.preload,
    Component: () => <TrashAlbumsScreen {...slots} />,
  }),
];
