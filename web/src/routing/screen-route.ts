import type { ReactNode } from 'react';
import type { ScreenProps } from './screen-props';

/**
 * One row of the route table (core.md §2, account.md §2). Each feature declares its own rows in
 * `features/<area>/<area>.screens.tsx`; app/ puts the table together, so no feature needs another
 * to be routed.
 */
export interface ScreenRoute {
  path: string;
  /** Unique in the table; the in-app copy of a route keeps its web route's id. */
  screen: string;
  /** The feature folder that owns the screen. */
  feature: string;
  /** i18n key of the screen's name, used for document.title and the login wall's heading. */
  titleKey: string;
  /** The route carries albumID or albumIDB64 and must fail without one. */
  needsAlbum?: boolean;
  /** Opened from the mobile app: no top bar, no footer. */
  inApp?: boolean;
  hideFooter?: boolean;
  /** Protected page: the login wall stands in for it without a session (account.md §2). */
  requiresLogin?: boolean;
  Component: (props: ScreenProps) => ReactNode;
  /**
   * Starts fetching the screen's code when the route is matched, so a protected screen downloads
   * while the session is restored rather than after.
   */
  preload?: () => Promise<void>;
}

export type ScreenRouteOptions = Omit<ScreenRoute, 'path' | 'screen' | 'feature' | 'titleKey'>;

/**
 * A feature's route maker: every screen's title is `<namespace>:screens.<screen>`, so a feature
 * keeps its screen names with the rest of its strings.
 */
export const routesOf =
  (feature: string, namespace: string = feature) =>
  (path: string, screen: string, options: ScreenRouteOptions): ScreenRoute => ({
    path,
    screen,
    feature,
    titleKey: `${namespace}:screens.${screen}`,
    ...options,
  });

export const ALBUM_ROUTE = { needsAlbum: true } as const;
export const SIGNED_IN_ROUTE = { requiresLogin: true } as const;
