import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from '../features/pages/error-boundary.component';
import { localPreviews } from '../features/upload/local-previews';
import { store } from '../state/store';
import { LocalPreviewContext } from '../ui/local-preview.context';
import type { AppEnvironment } from './app-environment';
import { AppEnvironmentContext } from './app-environment.context';
import { AppRoutes } from './router';

/** The app, once bootstrap() has settled the environment and the language. */
export function App({ environment }: { environment: AppEnvironment }) {
  return (
    // Outermost, so a crash in the layout itself still shows a fallback.
    <ErrorBoundary>
      <Provider store={store}>
        <AppEnvironmentContext value={environment}>
          {/* Uploads from this tab show their picked files until the server's renderings exist. */}
          <LocalPreviewContext value={localPreviews.urlFor}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </LocalPreviewContext>
        </AppEnvironmentContext>
      </Provider>
    </ErrorBoundary>
  );
}
