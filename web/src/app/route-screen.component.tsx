import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RequireLogin } from '../features/auth/login-wall.component';
import { documentTitle } from '../features/locale/brand-rule';
import type { ScreenRoute } from '../routing/screen-route';
import { requireAlbumParams } from './album-params';
import { useAppEnvironment } from './app-environment.context';

/** Renders one route-table entry: checks its params, titles the tab, renders its screen. */
export function RouteScreen({ entry }: { entry: ScreenRoute }) {
  const { t } = useTranslation();
  const params = useParams();
  const { brandName } = useAppEnvironment();
  if (entry.needsAlbum) requireAlbumParams(params);
  const title = t(entry.titleKey);

  useEffect(() => {
    document.title = documentTitle(brandName, entry.screen === 'start' ? undefined : title);
  }, [brandName, entry.screen, title]);

  // A protected screen is not rendered until the session is restored; its code downloads meanwhile.
  useEffect(() => {
    void entry.preload?.();
  }, [entry]);

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
