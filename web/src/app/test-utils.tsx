import { DEFAULT_CLIENT_CONFIG } from '@nordlys/contract/client-config';
import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AccountInfo } from '../api/account.api';
import { accountLoaded } from '../features/account/account.slice';
import { loginSucceeded } from '../features/auth/login-status.slice';
import { rootReducer } from '../state/store';
import { environmentFor } from './app-environment';
import { AppEnvironmentContext } from './app-environment.context';
import { appRoutes } from './router';

// jsdom has no scrolling; ScrollRestoration calls this on every navigation.
window.scrollTo = () => {};

/** Mounts the real route tree at `path`, the way App does, but in memory. */
export function renderAppAt(
  path: string,
  hostname = 'photos.example.com',
  options: { account?: AccountInfo } = {},
) {
  const store = configureStore({ reducer: rootReducer });
  // Protected screens show the login wall unless the test signs in.
  if (options.account) {
    store.dispatch(accountLoaded(options.account));
    store.dispatch(loginSucceeded());
  }
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const environment = environmentFor(hostname, { ...DEFAULT_CLIENT_CONFIG, brandName: 'Nordlys Cloud' });
  const view = render(
    <Provider store={store}>
      <AppEnvironmentContext value={environment}>
        <RouterProvider router={router} />
      </AppEnvironmentContext>
    </Provider>,
  );
  return { ...view, router, store };
}
