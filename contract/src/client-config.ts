import { FREE_STORAGE_GIB } from './constants';

/** Links shown in the footer and on the help page (the free-version-ending page has a Swedish variant). */
export interface ClientLinks {
  terms: string;
  privacy: string;
  legal: string;
  support: string;
  appStore: string;
  playStore: string;
  freeVersionEnding: string;
  freeVersionEndingSv: string;
}

/**
 * Deployment settings the web client needs before its first call. The server writes them into
 * index.html as JSON in `<script type="application/json" id="nordlys-config">`, a data block the
 * browser never runs (so the page's policy needs no inline script); the client falls back to
 * DEFAULT_CLIENT_CONFIG (dev server, tests).
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
  links: ClientLinks;
  /** Origin of the e-mail consent calls (`/user/email_consent`); null means the app's own. */
  emailConsentUrl: string | null;
  /** Storage a new account gets, in GiB (the sign-up invitation on a share names it). */
  defaultStorageGib: number;
  /**
   * Who takes card payments: Stripe (its Payment Element, with this publishable key: a test key
   * on test hosts, a live one otherwise) or the offline provider's own card form.
   */
  payments: { provider: 'offline' | 'stripe'; stripePublishableKey: string | null };
  /** Whether the server's test routes are on (the debug page deletes test payment data with them). */
  testEndpoints: boolean;
  /**
   * The Cast receiver app id registered for our receiver page (`/cast/receiver`); null: casting is
   * off and the Cast sender script is never loaded.
   */
  castReceiverAppId: string | null;
}

export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  brandNameNorway: 'Nordlys',
  brandName: 'Nordlys',
  norwegianHosts: ['.no'],
  stagingHosts: ['staging.', '.staging.'],
  links: {
    terms: '/help#terms',
    privacy: '/help#privacy',
    legal: '/help#legal',
    support: '/help',
    appStore: 'https://apps.apple.com/',
    playStore: 'https://play.google.com/store/apps',
    freeVersionEnding: '/help#free-version-ending',
    freeVersionEndingSv: '/help#free-version-ending',
  },
  emailConsentUrl: null,
  defaultStorageGib: FREE_STORAGE_GIB,
  payments: { provider: 'offline', stripePublishableKey: null },
  testEndpoints: false,
  castReceiverAppId: null,
};

export const CLIENT_CONFIG_ELEMENT_ID = 'nordlys-config';

/**
 * `<meta property="csp-nonce" nonce="…">` in index.html carries the response's style nonce: the
 * stylesheets libraries insert at run time (a dialog's scroll lock) are allowed by it.
 */
export const STYLE_NONCE_META_PROPERTY = 'csp-nonce';
