import { type RouteObject, useRoutes } from 'react-router';
import { Layout } from './layout.component';
import { RouteScreen } from './route-screen.component';
import { ROUTE_TABLE } from './route-table';
import { SessionUserBinding } from './session-user-binding.component';

/**
 * Route objects built from the table. The app draws them with useRoutes inside a BrowserRouter
 * (a component router: the data router's loaders and actions, unused here, would add ~17 KB gzip
 * to every first load); error boundaries and scroll restoration live in the layout.
 */
const ALBUM_PATHS = ROUTE_TABLE.filter((entry) => entry.needsAlbum).map((entry) => entry.path);

export const appRoutes: RouteObject[] = [
  {
    element: (
      <SessionUserBinding>
        <Layout />
      </SessionUserBinding>
    ),
    children: ROUTE_TABLE.map((entry) => ({
      path: entry.path,
      element: <RouteScreen entry={entry} albumPaths={entry.path === '*' ? ALBUM_PATHS : undefined} />,
    })),
  },
];

/** The routes, under whichever router the caller provides (the browser's, or memory in tests). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
