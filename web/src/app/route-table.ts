import { IN_APP_PREFIX } from '../features/shell/in-app-mode';

/**
 * Every screen of core.md §2 and account.md §2, as data. A feature replaces its placeholder by
 * registering a component for its screen id in screen-registry.tsx; paths stay here.
 */
export type ScreenId =
  | 'start'
  | 'timeline'
  | 'timelineCarousel'
  | 'albums'
  | 'album'
  | 'albumEdit'
  | 'albumAddFromTimeline'
  | 'publicAlbum'
  | 'createAlbumGate'
  | 'subscribeAlbumGate'
  | 'copyAlbumGate'
  | 'copyAlbumFileGate'
  | 'shareReceiver'
  | 'copyShareGate'
  | 'albumCarousel'
  | 'albumImage'
  | 'comments'
  | 'addPhotos'
  | 'selectPhotos'
  | 'selectPhotosDone'
  | 'selectProfilePicture'
  | 'trash'
  | 'trashPhotos'
  | 'trashAlbums'
  | 'documents'
  | 'settings'
  | 'privacy'
  | 'takeout'
  | 'unsubscribe'
  | 'storage'
  | 'devices'
  | 'testFlags'
  | 'advanced'
  | 'emailSettings'
  | 'help'
  | 'login'
  | 'loginCallback'
  | 'error'
  | 'notFound';

export interface RouteEntry {
  path: string;
  screen: ScreenId;
  /** i18n key of the screen's name, used for the placeholder heading and document.title. */
  titleKey: `pages:screens.${ScreenId}`;
  /** The route carries albumID or albumIDB64 and must fail without one. */
  needsAlbum?: boolean;
  /** Opened from the mobile app: no top bar, no footer. */
  inApp?: boolean;
  hideFooter?: boolean;
  /** Protected page: the login wall stands in for it without a session (account.md §2). */
  requiresLogin?: boolean;
}

const entry = (
  path: string,
  screen: ScreenId,
  extra: Omit<RouteEntry, 'path' | 'screen' | 'titleKey'> = {},
): RouteEntry => ({
  path,
  screen,
  titleKey: `pages:screens.${screen}`,
  ...extra,
});

const album = { needsAlbum: true } as const;
const signedIn = { requiresLogin: true } as const;
const signedInAlbum = { ...album, ...signedIn } as const;

const WEB_ROUTES: RouteEntry[] = [
  entry('/', 'start'),
  entry('/photos', 'timeline', signedIn),
  entry('/photos/:fileID', 'timelineCarousel', signedIn),
  entry('/albums', 'albums', signedIn),
  entry('/albums/:albumIDB64', 'album', signedInAlbum),
  entry('/albums/:albumIDB64/edit/addPhotos', 'albumAddFromTimeline', signedInAlbum),
  entry('/albums/:albumIDB64/edit/:goToAfter', 'albumEdit', signedInAlbum),
  entry('/a/:albumIDB64', 'publicAlbum', album),
  entry('/a/:albumIDB64/createNew', 'createAlbumGate', album),
  entry('/a/:albumIDB64/subscribe', 'subscribeAlbumGate', album),
  entry('/a/:albumIDB64/copyAlbum', 'copyAlbumGate', album),
  entry('/a/:albumIDB64/:fileID/copyAlbum', 'copyAlbumFileGate', album),
  entry('/share/:shareID', 'shareReceiver'),
  entry('/share/:shareID/copyShare', 'copyShareGate'),
  entry('/carousel/:albumIDB64/:fileID', 'albumCarousel', album),
  entry('/albumImage/:albumIDB64/:fileID', 'albumImage', album),
  entry('/comments/:albumIDB64/:fileID', 'comments', album),
  entry('/addPhotos/:albumIDB64', 'addPhotos', album),
  entry('/selectPhotos', 'selectPhotos'),
  entry('/selectPhotos/:id', 'selectPhotosDone'),
  entry('/selectProfilePicture', 'selectProfilePicture', signedIn),
  entry('/deleted_items', 'trash', signedIn),
  entry('/deleted_items/photos', 'trashPhotos', signedIn),
  entry('/deleted_items/albums', 'trashAlbums', signedIn),
  entry('/documents', 'documents', signedIn),
  entry('/settings', 'settings', signedIn),
  entry('/settings/privacy', 'privacy', signedIn),
  entry('/settings/takeout', 'takeout', signedIn),
  // account.md §2: the unsubscribe page hides the footer.
  entry('/settings/unsubscribe', 'unsubscribe', { hideFooter: true }),
  entry('/settings/storage', 'storage', signedIn),
  entry('/settings/devices', 'devices', signedIn),
  entry('/settings/testFlags', 'testFlags'),
  entry('/settings/_advanced', 'advanced', signedIn),
  entry('/emailSettings', 'emailSettings'),
  entry('/help', 'help'),
  entry('/login', 'login'),
  entry('/login/callback', 'loginCallback'),
  entry('/error/:code', 'error'),
];

/** The mobile app opens only the trash and privacy pages in a web view. */
const IN_APP_PATHS = [
  '/deleted_items',
  '/deleted_items/photos',
  '/deleted_items/albums',
  '/settings/privacy',
];

const IN_APP_ROUTES: RouteEntry[] = IN_APP_PATHS.map((path) => {
  const web = WEB_ROUTES.find((route) => route.path === path);
  if (!web) throw new Error(`No web route for in-app path ${path}`);
  return { ...web, path: `${IN_APP_PREFIX}${path}`, inApp: true };
});

export const NOT_FOUND_ROUTE: RouteEntry = entry('*', 'notFound');

export const ROUTE_TABLE: readonly RouteEntry[] = [...WEB_ROUTES, ...IN_APP_ROUTES, NOT_FOUND_ROUTE];
