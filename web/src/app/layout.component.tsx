import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { LanguageSwitcher } from '../features/locale/language-switcher.component';
import { Footer } from '../features/shell/footer.component';
import { isInAppPath } from '../features/shell/in-app-mode';
import { TopNav } from '../features/shell/top-nav.component';
import { UploadButton } from '../features/upload/upload-button.component';
import type { ScreenRoute } from '../routing/screen-route';
import { AlwaysPresentOverlays } from './always-present-overlays.component';
import { useAppEnvironment } from './app-environment.context';
import './layout.css';

export interface RouteHandle {
  entry: ScreenRoute;
}

const currentEntry = (matches: ReturnType<typeof useMatches>): ScreenRoute | undefined => {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.entry) return handle.entry;
  }
  return undefined;
};

export function Layout() {
  const { t } = useTranslation('common');
  const { brandName, config } = useAppEnvironment();
  const { pathname } = useLocation();
  const entry = currentEntry(useMatches());
  const inApp = isInAppPath(pathname) || entry?.inApp === true;
  const showFooter = !inApp && entry?.hideFooter !== true;

  return (
    <div className={`layout${inApp ? ' layout--in-app' : ''}`}>
      <a className="layout__skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {inApp ? null : <TopNav brandName={brandName} actions={<UploadButton />} />}
      <main id="main" className="layout__main" tabIndex={-1}>
        {/* Screens load on demand. Nothing stands in on the first visit (the screens bring their own
            skeletons); on a later navigation the current screen stays until the next one is ready. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      {showFooter ? (
        <Footer brandName={brandName} links={config.links} languageSwitcher={<LanguageSwitcher />} />
      ) : null}
      <AlwaysPresentOverlays />
      <ScrollRestoration />
    </div>
  );
}
