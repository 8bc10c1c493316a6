import { type ClientConfig, DEFAULT_CLIENT_CONFIG } from '@nordlys/contract/client-config';

/** The deployment's settings: what the server wrote into window.__NORDLYS__, over the defaults. */
export function readClientConfig(
  injected: Partial<ClientConfig> | undefined = globalThis.window?.__NORDLYS__,
): ClientConfig {
  if (!injected) return DEFAULT_CLIENT_CONFIG;
  return {
    ...DEFAULT_CLIENT_CONFIG,
    ...injected,
    links: { ...DEFAULT_CLIENT_CONFIG.links, ...injected.links },
  };
}
