import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Theme colour values shared with the server's own pages; ui/tokens.css names them.
import 'virtual:theme-palette.css';
import './ui/base.css';
import './i18n/i18n';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { StartupFailure } from './app/startup-failure.component';
import { adoptStyleNonce } from './app/style-nonce';
import { UnsupportedBrowser } from './app/unsupported-browser.component';
import { missingBrowserFeatures } from './features/pages/browser-support';
import { listenForPreloadErrors } from './routing/preload-error.events';
import { store } from './state/store';

listenForPreloadErrors();
adoptStyleNonce();

const root = createRoot(document.getElementById('root')!);
const missing = missingBrowserFeatures();
// Bootstrap runs before the router reads the URL it may rewrite (flag query).
bootstrap(store).then(
  (environment) =>
    root.render(
      <StrictMode>
        {missing.length > 0 ? (
          <UnsupportedBrowser brandName={environment.brandName} missing={missing} />
        ) : (
          <App environment={environment} />
        )}
      </StrictMode>,
    ),
  (error: unknown) => root.render(<StartupFailure error={error} />),
);
