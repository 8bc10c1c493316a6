import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LanguageSwitcher } from '../features/locale/language-switcher.component';
import { ErrorBoundary } from '../features/pages/error-boundary.component';
import { Footer } from '../features/shell/footer.component';
import { isInAppPath } from '../features/shell/in-app-mode';
import { TopNav } from '../features/shell/top-nav.component';
import { UploadButton } from '../features/upload/upload-button.component';
import { AlwaysPresentOverlays } from './always-present-overlays.component';
import { useAppEnvironment } from './app-environment.context';
import { reportScreenError } from './privacy-wiring';
import { entryAt } from './route-table';
import { ScrollRestoration } from './scroll-restoration.component';
import { openSubscriptionRequired } from './subscriptions-wiring';
import './layout.css';

export function Layout() {
  const { t } = useTranslation('common');
  const { brandName, config } = useAppEnvironment();
  const { pathname } = useLocation();
  const entry = entryAt(pathname);
  const inApp = isInAppPath(pathname) || entry?.inApp === true;
  const showFooter = !inApp && entry?.hideFooter !== true;

  return (
    <div className={`layout${inApp ? ' layout--in-app' : ''}`}>
      <a className="layout__skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {inApp ? null : (
        <TopNav
          brandName={brandName}
          actions={<UploadButton onReadOnlyAttempt={openSubscriptionRequired} />}
        />
      )}
      <main id="main" className="layout__main" tabIndex={-1}>
        {/* Screens load on demand. Nothing stands in on the first visit (the screens bring their own
            skeletons); on a later navigation the current screen stays until the next one is ready. */}
        <Suspense fallback={null}>
          {/* A crashing screen keeps the top bar and footer around its error message. */}
          <ErrorBoundary resetKey={pathname} onError={reportScreenError}>
            <Outlet />
          </ErrorBoundary>
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
