import { DEFAULT_CLIENT_CONFIG } from '@nordlys/contract/client-config';
import { createContext, useContext } from 'react';
import { type AppEnvironment, environmentFor } from './app-environment';

export const AppEnvironmentContext = createContext<AppEnvironment>(
  environmentFor('localhost', DEFAULT_CLIENT_CONFIG),
);

export const useAppEnvironment = (): AppEnvironment => useContext(AppEnvironmentContext);
