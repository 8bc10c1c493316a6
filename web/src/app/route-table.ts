import { matchRoutes } from 'react-router';
import { IN_APP_PREFIX } from '../features/shell/in-app-mode';
import type { ScreenRoute } from '../routing/screen-route';
import { loadTitle } from './route-screen.component';
import { FEATURE_SCREENS } from './screen-registry';

/** Every screen of core.md §2 and account.md §2: the features' own, then the planned ones. */
const WEB_ROUTES: readonly ScreenRoute[] = Object.values(FEATURE_SCREENS).flat();

/** The mobile app opens only the trash and privacy pages in a web view. */
const IN_APP_PATHS = [
  '/deleted_items',
  '/deleted_items/photos',
  '/deleted_items/albums',
  '/settings/privacy',
];

const IN_APP_ROUTES: ScreenRoute[] = IN_APP_PATHS.map((path) => {
  const web = WEB_ROUTES.find((route) => route.path === path);
  if (!web) throw new Error(`No web route for in-app path ${path}`);
  return { ...web, path: `${IN_APP_PREFIX}${path}`, inApp: true };
});

export const ROUTE_TABLE: readonly ScreenRoute[] = [...WEB_ROUTES, ...IN_APP_ROUTES];

const MATCHABLE = ROUTE_TABLE.map((entry) => ({ path: entry.path, entry }));

/** The table's row for an address (the not-found row when nothing else matches). */
export function entryAt(pathname: string): ScreenRoute | undefined {
  return matchRoutes(MATCHABLE, pathname)?.at(-1)?.route.entry;
}

/** Starts fetching the code and title of the screen at this path, ahead of the first render. */
export function preloadScreenAt(pathname: string, locale: string): void {
  const entry = entryAt(pathname);
  if (!entry) return;
  void entry.preload?.();
  loadTitle(entry, locale).catch(() => {});
}
