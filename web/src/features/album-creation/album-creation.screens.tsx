import { withStrings } from '../../i18n/i18n';
import { lazyPart } from '../../routing/lazy-part';
import { ALBUM_ROUTE, routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';
import type { AlbumCreationSlots } from './album-creation.slots';

const AddPhotosPage = lazyPart(() =>
  withStrings(['albumCreation'], import('./add-photos-page.component')).then(
    (module) => module.AddPhotosPage,
  ),
);
const AlbumEditPage = lazyPart(() =>
  withStrings(['albumCreation'], import('./album-edit-page.component')).then(
    (module) => module.AlbumEditPage,
  ),
);
const SelectPhotosPage = lazyPart(() =>
  withStrings(['albumCreation'], import('./select-photos-page.component')).then(
    (module) => module.SelectPhotosPage,
  ),
);
const SelectPhotosDonePage = lazyPart(() =>
  withStrings(['albumCreation'], import('./select-photos-page.component')).then(
    (module) => module.SelectPhotosDonePage,
  ),
);

const route = routesOf('album-creation', 'albumCreation');
const signedInAlbum = { ...ALBUM_ROUTE, ...SIGNED_IN_ROUTE } as const;

function EditScreen({
  slots,
  params,
}: {
  slots: AlbumCreationSlots;
  params: Readonly<Record<string, string | undefined>>;
}) {
  return <AlbumEditPage params={params} signedIn={slots.useSignedIn()} />;
}

/** Album creation and add photos, and the external photo selection (core.md §2). */
export const albumCreationScreens = (slots: AlbumCreationSlots): readonly ScreenRoute[] => [
  route('/albums/:albumIDB64/edit/addPhotos', 'albumAddFromTimeline', {
    ...signedInAlbum,
    hideFooter: true,
    preload: AddPhotosPage.preload,
    Component: ({ params }) => <AddPhotosPage params={params} slots={slots} />,
  }),
  route('/albums/:albumIDB64/edit/:goToAfter', 'albumEdit', {
    ...signedInAlbum,
    preload: AlbumEditPage.preload,
    Component: ({ params }) => <EditScreen params={params} slots={slots} />,
  }),
  route('/addPhotos/:albumIDB64', 'addPhotos', {
    ...signedInAlbum,
    hideFooter: true,
    preload: AddPhotosPage.preload,
    Component: ({ params }) => <AddPhotosPage params={params} slots={slots} />,
  }),
  route('/selectPhotos', 'selectPhotos', {
    ...SIGNED_IN_ROUTE,
    hideFooter: true,
    preload: SelectPhotosPage.preload,
    Component: () => <SelectPhotosPage slots={slots} />,
  }),
  route('/selectPhotos/:id', 'selectPhotosDone', {
    ...SIGNED_IN_ROUTE,
    preload: SelectPhotosDonePage.preload,
    Component: ({ params }) => <SelectPhotosDonePage params={params} />,
  }),
];
