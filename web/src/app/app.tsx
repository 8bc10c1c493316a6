import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from '../features/pages/error-boundary.component';
import { store } from '../state/store';
import type { AppEnvironment } from './app-environment';
import { AppEnvironmentContext } from './app-environment.context';
import { createAppRouter } from './router';

/** The app, once bootstrap() has settled the environment and the language. */
export function App({ environment }: { environment: AppEnvironment }) {
  const [router] = useState(createAppRouter);
  return (
    <ErrorBoundary>
      <Provider store={store}>
        <AppEnvironmentContext value={environment}>
          <RouterProvider router={router} />
        </AppEnvironmentContext>
      </Provider>
    </ErrorBoundary>
  );
}
