import { ALBUM_ROUTE, routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../routing/screen-route';

const album = ALBUM_ROUTE;
const signedIn = SIGNED_IN_ROUTE;
const signedInAlbum = { ...ALBUM_ROUTE, ...SIGNED_IN_ROUTE } as const;

// The planned screens' names live with the placeholder, in the app namespace, until their feature
// brings its own.
const albums = routesOf('albums', 'app');
const sharing = routesOf('sharing', 'app');
const comments = routesOf('comments', 'app');
const trash = routesOf('trash', 'app');
const settings = routesOf('settings', 'app');
const downloads = routesOf('downloads', 'app');
const subscriptions = routesOf('subscriptions', 'app');

/**
 * Screens of core.md §2 and account.md §2 whose feature has not landed: the placeholder stands in.
 * A feature going live moves its rows into its own screens module.
 */
export const PLANNED_SCREENS: readonly ScreenRoute[] = [
  albums('/albums', 'albums', signedIn),
  albums('/albums/:albumIDB64', 'album', signedInAlbum),
  albums('/albums/:albumIDB64/edit/addPhotos', 'albumAddFromTimeline', signedInAlbum),
  albums('/albums/:albumIDB64/edit/:goToAfter', 'albumEdit', signedInAlbum),
  albums('/a/:albumIDB64', 'publicAlbum', album),
  albums('/carousel/:albumIDB64/:fileID', 'albumCarousel', album),
  albums('/albumImage/:albumIDB64/:fileID', 'albumImage', album),
  albums('/addPhotos/:albumIDB64', 'addPhotos', album),
  sharing('/share/:shareID', 'shareReceiver'),
  sharing('/selectPhotos', 'selectPhotos'),
  sharing('/selectPhotos/:id', 'selectPhotosDone'),
  comments('/comments/:albumIDB64/:fileID', 'comments', album),
  trash('/deleted_items', 'trash', signedIn),
  trash('/deleted_items/photos', 'trashPhotos', signedIn),
  trash('/deleted_items/albums', 'trashAlbums', signedIn),
  settings('/settings/privacy', 'privacy', signedIn),
  settings('/settings/storage', 'storage', signedIn),
  settings('/settings/_advanced', 'advanced', signedIn),
  downloads('/settings/takeout', 'takeout', signedIn),
  // account.md §2: the unsubscribe page hides the footer.
  subscriptions('/settings/unsubscribe', 'unsubscribe', { hideFooter: true }),
  subscriptions('/emailSettings', 'emailSettings'),
];
