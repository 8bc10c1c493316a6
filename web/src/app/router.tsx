import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout, type RouteHandle } from './layout.component';
import { RouteError } from './route-error.component';
import { RouteScreen } from './route-screen.component';
import { ROUTE_TABLE } from './route-table';
import { SessionUserBinding } from './session-user-binding.component';

/** Route objects built from the table; exported so tests can mount them in a memory router. */
export const appRoutes: RouteObject[] = [
  {
    element: (
      <SessionUserBinding>
        <Layout />
      </SessionUserBinding>
    ),
    // Outside the pathless child so a crash in the layout itself still shows a fallback.
    errorElement: <RouteError />,
    children: [
      {
        // A crashing screen keeps the top bar and footer around its error message.
        errorElement: <RouteError />,
        children: ROUTE_TABLE.map((entry) => ({
          path: entry.path,
          element: <RouteScreen entry={entry} />,
          handle: { entry } satisfies RouteHandle,
        })),
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
