import { DEFAULT_CLIENT_CONFIG } from '@nordlys/contract/client-config';
import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import {
  type Location,
  MemoryRouter,
  type NavigationType,
  useLocation,
  useNavigationType,
} from 'react-router';
import type { AccountInfo } from '../api/account.api';
import { accountLoaded } from '../features/account/account.slice';
import { loginSucceeded } from '../features/auth/login-status.slice';
import { rootReducer } from '../state/store';
import { environmentFor } from './app-environment';
import { AppEnvironmentContext } from './app-environment.context';
import { AppRoutes } from './router';

// jsdom has no scrolling; ScrollRestoration calls this on every navigation.
window.scrollTo = () => {};

/** Where the app's router is: the address and how it was reached, kept current as the app navigates. */
export interface RouterState {
  location: Location;
  action: NavigationType;
}

function RouterProbe({ into }: { into: RouterState }) {
  into.location = useLocation();
  into.action = useNavigationType();
  return null;
}

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
  const router = {} as RouterState;
  const environment = environmentFor(hostname, { ...DEFAULT_CLIENT_CONFIG, brandName: 'Nordlys Cloud' });
  const view = render(
    <Provider store={store}>
      <AppEnvironmentContext value={environment}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <RouterProbe into={router} />
        </MemoryRouter>
      </AppEnvironmentContext>
    </Provider>,
  );
  return { ...view, router, store };
}
