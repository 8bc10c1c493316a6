import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from '../features/pages/error-boundary.component';
import { store } from '../state/store';
import { AppEnvironmentContext } from './app-environment.context';
import { bootstrap } from './bootstrap';
import { createAppRouter } from './router';

export function App() {
  // Lazy state: bootstrap must run before the router reads the URL it may rewrite (flag query).
  const [environment] = useState(() => bootstrap(store));
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
