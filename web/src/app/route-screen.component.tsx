import { use, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { RequireLogin } from '../features/auth/login-wall.component';
import { documentTitle } from '../features/locale/brand-rule';
import { MissingAlbumPage } from '../features/pages/pages.screens';
import { hasNamespaces, loadNamespaces } from '../i18n/i18n';
import { raisePreloadError } from '../routing/preload-error.events';
import type { ScreenRoute } from '../routing/screen-route';
import { lacksAlbumParams, MISSING_ALBUM_PARAMS, requireAlbumParams } from './album-params';
import { useAppEnvironment } from './app-environment.context';

/** The namespace of a screen's title, which may come with the screen rather than the first load. */
export const titleNamespace = (entry: ScreenRoute): string => entry.titleKey.split(':')[0] as string;

// use() needs the same promise on every render until it settles; a failed one stays, for the error boundary.
const titleFetches = new Map<string, Promise<void>>();

/** Fetches a title's strings (at start-up too, alongside the screen's code). */
export function loadTitle(entry: ScreenRoute, locale: string): Promise<void> {
  const namespace = titleNamespace(entry);
  const key = `${locale}/${namespace}`;
  let fetching = titleFetches.get(key);
  if (!fetching) {
    fetching = loadNamespaces([namespace]).catch((error: unknown) => {
      raisePreloadError(error);
      throw error;
    });
    titleFetches.set(key, fetching);
  }
  return fetching;
}

/**
 * The page's description for search results and link previews: a screen's own
 * (`<namespace>:descriptions.<screen>`, beside its title) or the product's pitch. index.html holds
 * the English pitch for readers that run no script.
 */
function describePage(text: string) {
  document.querySelector('meta[name="description"]')?.setAttribute('content', text);
}

/**
 * Renders one route-table entry: checks its params, titles the tab, renders its screen. The
 * not-found entry is given the album routes' paths: an address that is one of them with the album
 * id left empty shows the spec's missing-params page instead.
 */
export function RouteScreen({ entry, albumPaths }: { entry: ScreenRoute; albumPaths?: readonly string[] }) {
  const { t, i18n } = useTranslation();
  // The title names the tab and heads the login wall before the screen's part is in.
  if (!hasNamespaces([titleNamespace(entry)])) use(loadTitle(entry, i18n.language));
  const params = useParams();
  const { brandName } = useAppEnvironment();
  const { pathname } = useLocation();
  if (entry.needsAlbum) requireAlbumParams(params);
  const missingAlbum = albumPaths !== undefined && lacksAlbumParams(pathname, albumPaths);
  const title = t(missingAlbum ? 'pages:missingAlbum.title' : entry.titleKey);
  const ownDescription = `${titleNamespace(entry)}:descriptions.${entry.screen}`;
  const description = t(i18n.exists(ownDescription) ? ownDescription : 'pages:start.pitch');

  useEffect(() => {
    document.title = documentTitle(brandName, entry.screen === 'start' ? undefined : title);
    describePage(description);
  }, [brandName, entry.screen, title, description]);

  // A protected screen is not rendered until the session is restored; its code downloads meanwhile.
  useEffect(() => {
    void entry.preload?.();
  }, [entry]);

  if (missingAlbum) return <MissingAlbumPage detail={MISSING_ALBUM_PARAMS} />;
  const Screen = entry.Component;
  const screen = <Screen brandName={brandName} params={params} />;
  return entry.requiresLogin ? (
    <RequireLogin title={title} inApp={entry.inApp === true}>
      {screen}
    </RequireLogin>
  ) : (
    screen
  );
}
