/**
 * Deployment settings the web client needs before its first call. The server writes them into
 * index.html as `window.__NORDLYS__`; the client falls back to DEFAULT_CLIENT_CONFIG (dev server, tests).
 */
export interface ClientConfig {
  /** Brand shown to visitors on a Norwegian host. */
  brandNameNorway: string;
  /** Brand shown everywhere else. */
  brandName: string;
  /** Host names (or suffixes starting with a dot) counted as the Norwegian domain. */
  norwegianHosts: string[];
  /** Host names (or suffixes starting with a dot) counted as staging: the QA marker turns gold. */
  stagingHosts: string[];
  /** Links shown in the footer. */
  links: { terms: string; privacy: string; legal: string; support: string };
}

export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  brandNameNorway: 'Nordlys',
  brandName: 'Nordlys',
  norwegianHosts: ['.no'],
  stagingHosts: ['staging.', '.staging.'],
  links: { terms: '/help#terms', privacy: '/help#privacy', legal: '/help#legal', support: '/help' },
};

declare global {
  interface Window {
    __NORDLYS__?: Partial<ClientConfig>;
  }
}
