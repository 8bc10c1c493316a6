import {
  CLIENT_CONFIG_ELEMENT_ID,
  type ClientConfig,
  DEFAULT_CLIENT_CONFIG,
} from '@nordlys/contract/client-config';

/** The config the server wrote into index.html; undefined when absent (dev server) or unreadable. */
export function injectedClientConfig(
  doc: Document | undefined = globalThis.document,
): Partial<ClientConfig> | undefined {
  const text = doc?.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Partial<ClientConfig>) : undefined;
  } catch {
    return undefined;
  }
}

/** The deployment's settings: what the server wrote into index.html, over the defaults. */
export function readClientConfig(
  injected: Partial<ClientConfig> | undefined = injectedClientConfig(),
): ClientConfig {
  if (!injected) return DEFAULT_CLIENT_CONFIG;
  return {
    ...DEFAULT_CLIENT_CONFIG,
    ...injected,
    links: { ...DEFAULT_CLIENT_CONFIG.links, ...injected.links },
  };
}
