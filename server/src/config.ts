import path from 'node:path';
import type { ClientLinks } from '@nordlys/contract/client-config';
import { FREE_STORAGE_GIB } from '@nordlys/contract/constants';
import type { BlobStoreConfig } from './blobs/create-blob-store';
import {
  DEFAULT_STORAGE_PRODUCTS,
  parseStorageProducts,
  type StorageProduct,
} from './domain/storage-catalogue';
import { ffmpegPathProblem } from './media/ffmpeg-locator';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export type BlobConfig = BlobStoreConfig;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Absolute origin users reach the service at; when unset, derived from each request's Host. */
  publicUrl: string | null;
  database: DatabaseConfig;
  blobs: BlobConfig;
  /** Folder holding the built web client; serving is skipped when it does not exist. */
  webDist: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Whether X-Forwarded-* headers are believed. Off by default: believing them without a proxy in
   * front lets any client choose the address that per-address guess limits count.
   */
  trustProxy: boolean | string;
  defaultStorageGib: number;
  /** Files above this many bytes upload with tus (resumable); smaller ones in one multipart request. */
  resumableUploadThreshold: number;
  brand: { name: string; nameNorway: string; norwegianHosts: string[]; stagingHosts: string[] };
  /** An external OpenID issuer to sign in with; null means the built-in provider at `/idp`. */
  oidc: OidcConfig | null;
  /** Outgoing mail: SMTP when `smtpUrl` is set, otherwise `.eml` files in DATA_DIR/outbox. */
  mail: { smtpUrl: string | null; from: string };
  /**
   * Terms of service and e-mail consent: the current terms version (TERMS_VERSION; null: none to
   * approve), the origin the e-mail consent calls go to (EMAIL_CONSENT_URL; null: the app's own),
   * and whether test endpoints such as `/test/email_consent_id` exist (TEST_ENDPOINTS=1).
   */
  privacy: { termsVersion: string | null; emailConsentUrl: string | null; testEndpoints: boolean };
  /** External pages the footer and the help page link to; each defaults to a section of `/help`. */
  links: ClientLinks;
  /** Plans for sale (STORAGE_PRODUCTS) and the free days before a first subscription's first charge. */
  storage: { products: StorageProduct[]; trialDays: number };
  /**
   * Card payment: Stripe when STRIPE_SECRET_KEY is set, otherwise the offline provider, which runs
   * the same flow locally with test cards. The publishable key is handed to the web client.
   */
  payments: PaymentsConfig;
  /**
   * Casting to a TV (account.md §4): the receiver app id a self-hoster registered with Google for
   * our receiver page at `/cast/receiver` (CAST_RECEIVER_APP_ID); null turns casting off, and the
   * web client then never loads the Cast sender script.
   */
  cast: { receiverAppId: string | null };
  /**
   * Every periodic task's period and first delay (PERIODIC_EVERY_SECONDS) instead of its own
   * (minutes to a day); null keeps each task's. For test rigs that must see periodic work run.
   */
  periodicEveryMs: number | null;
  /**
   * A pause before every media task this process runs (MEDIA_TASK_DELAY_MS, 0 by default): a test
   * rig's stand-in for a busy pipeline, so thumbnails arrive late through the real queue and routes.
   */
  mediaTaskDelayMs: number;
  /**
   * Prometheus metrics at `/metrics`: off unless METRICS_TOKEN (a bearer token the scraper sends,
   * on the app's port) or METRICS_PORT (a port of their own on METRICS_HOST, 127.0.0.1 by default)
   * is set; with both, the separate port asks for the token too.
   */
  metrics: { token: string | null; port: number | null; host: string };
}

export type PaymentsConfig =
  | { provider: 'offline' }
  | { provider: 'stripe'; secretKey: string; webhookSecret: string | null; publishableKey: string };

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const list = (value: string | undefined, fallback: string[]) =>
  value === undefined
    ? fallback
    : value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);

/**
 * Reads the environment into a typed config. Every problem is collected so that one start
 * reports everything that is wrong, not the first mistake only.
 */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];

  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };

  const url = (name: string, protocols: string[]) => {
    const raw = env[name];
    if (!raw) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
      }
      return raw;
    } catch {
      problems.push(`${name} is not a valid URL (got "${raw}")`);
      return null;
    }
  };

  const dataDir = path.resolve(cwd, env.DATA_DIR || 'data');
  const port = int('PORT', 8080, 0, 65535);
  const host = env.HOST || '0.0.0.0';

  const publicUrl = url('PUBLIC_URL', ['http:', 'https:']);
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const database: DatabaseConfig = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'sqlite', file: path.join(dataDir, 'nordlys.sqlite') };

  let blobs: BlobConfig = { kind: 'fs', root: path.join(dataDir, 'blobs') };
  const s3Endpoint = url('S3_ENDPOINT', ['http:', 'https:']);
  if (env.S3_BUCKET || s3Endpoint) {
    if (!env.S3_BUCKET) problems.push('S3_BUCKET is required when S3_ENDPOINT is set');
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
    }
    blobs = {
      kind: 's3',
      endpoint: s3Endpoint ?? undefined,
      region: env.S3_REGION || 'us-east-1',
      bucket: env.S3_BUCKET ?? '',
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE !== 'false' : Boolean(s3Endpoint),
      prefix: env.S3_PREFIX || undefined,
    };
  }

  const oidcIssuer = url('OIDC_ISSUER', ['http:', 'https:']);
  if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID)
    problems.push('OIDC_CLIENT_ID is required when OIDC_ISSUER is set');
  if (!env.OIDC_ISSUER && (env.OIDC_CLIENT_ID || env.OIDC_CLIENT_SECRET)) {
    problems.push('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET need OIDC_ISSUER');
  }
  const oidc: OidcConfig | null =
    oidcIssuer && env.OIDC_CLIENT_ID
      ? {
          issuer: oidcIssuer.replace(/\/+$/, ''),
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET || null,
        }
      : null;

  const catalogue = parseStorageProducts(env.STORAGE_PRODUCTS || DEFAULT_STORAGE_PRODUCTS);
  problems.push(...catalogue.problems);
  let payments: PaymentsConfig = { provider: 'offline' };
  if (env.STRIPE_SECRET_KEY) {
    if (!env.STRIPE_PUBLISHABLE_KEY)
      problems.push('STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set');
    const unpriced = catalogue.products.filter((p) => !p.providerPriceId).map((p) => p.id);
    if (unpriced.length > 0) {
      problems.push(
        `STORAGE_PRODUCTS needs a Stripe price id for ${unpriced.join(', ')} when STRIPE_SECRET_KEY is set`,
      );
    }
    payments = {
      provider: 'stripe',
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
    };
  } else if (env.STRIPE_PUBLISHABLE_KEY || env.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET need STRIPE_SECRET_KEY');
  }

  const receiverAppId = env.CAST_RECEIVER_APP_ID?.trim() || null;
  if (receiverAppId && !/^[A-Za-z0-9]{1,32}$/.test(receiverAppId)) {
    problems.push(`CAST_RECEIVER_APP_ID must be letters and digits only (got "${receiverAppId}")`);
  }

  // A wrong FFMPEG_PATH stops the start: falling back would hide that the ffmpeg meant is not used.
  const ffmpegProblem = ffmpegPathProblem(env);
  if (ffmpegProblem) problems.push(ffmpegProblem);

  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  if (metricsToken && metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters');
  const metricsPort = env.METRICS_PORT ? int('METRICS_PORT', 0, 1, 65535) : null;
  const periodicSeconds = env.PERIODIC_EVERY_SECONDS ? int('PERIODIC_EVERY_SECONDS', 0, 1, 86_400) : null;

  const mediaTaskDelayMs = int('MEDIA_TASK_DELAY_MS', 0, 0, 600_000);

  const logLevel = (env.LOG_LEVEL || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const config: Config = {
    port,
    host,
    dataDir,
    publicUrl: publicUrl ? publicUrl.replace(/\/+$/, '') : null,
    database,
    blobs,
    webDist: path.resolve(cwd, env.WEB_DIST || path.join(import.meta.dirname, '../../web/dist')),
    logLevel,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    defaultStorageGib: int('DEFAULT_STORAGE_GIB', FREE_STORAGE_GIB, 0, 1_000_000),
    resumableUploadThreshold: int('RESUMABLE_UPLOAD_THRESHOLD', 64 * 1024 * 1024, 1, Number.MAX_SAFE_INTEGER),
    brand: {
      name: env.BRAND_NAME || 'Nordlys',
      nameNorway: env.BRAND_NAME_NO || env.BRAND_NAME || 'Nordlys',
      norwegianHosts: list(env.NORWEGIAN_HOSTS, ['.no']),
      stagingHosts: list(env.STAGING_HOSTS, ['staging.', '.staging.']),
    },
    oidc,
    mail: {
      smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
      from:
        env.MAIL_FROM ||
        `${env.BRAND_NAME || 'Nordlys'} <no-reply@${publicUrl ? new URL(publicUrl).hostname : 'localhost'}>`,
    },
    privacy: {
      termsVersion: env.TERMS_VERSION?.trim() || null,
      emailConsentUrl: url('EMAIL_CONSENT_URL', ['http:', 'https:'])?.replace(/\/+$/, '') ?? null,
      testEndpoints: env.TEST_ENDPOINTS === '1' || env.TEST_ENDPOINTS === 'true',
    },
    links: {
      terms: env.LINK_TERMS || '/help#terms',
      privacy: env.LINK_PRIVACY || '/help#privacy',
      legal: env.LINK_LEGAL || '/help#legal',
      support: env.LINK_SUPPORT || '/help',
      appStore: env.LINK_APP_STORE || 'https://apps.apple.com/',
      playStore: env.LINK_PLAY_STORE || 'https://play.google.com/store/apps',
      freeVersionEnding: env.LINK_FREE_VERSION_ENDING || '/help#free-version-ending',
      freeVersionEndingSv:
        env.LINK_FREE_VERSION_ENDING_SV || env.LINK_FREE_VERSION_ENDING || '/help#free-version-ending',
    },
    storage: { products: catalogue.products, trialDays: int('TRIAL_DAYS', 0, 0, 3660) },
    payments,
    cast: { receiverAppId },
    periodicEveryMs: periodicSeconds ? periodicSeconds * 1000 : null,
    mediaTaskDelayMs,
    metrics: { token: metricsToken, port: metricsPort || null, host: env.METRICS_HOST || '127.0.0.1' },
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** Exit status for a configuration error (EX_CONFIG in sysexits.h). */
export const EXIT_CONFIG = 78;

/** For a process's start: the config, or the problems printed and the process ended. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(EXIT_CONFIG);
  }
}

/** TRUST_PROXY: unset/false = no proxy; true = trust every hop; otherwise a comma-separated list of proxy addresses/CIDRs. */
function parseTrustProxy(raw: string | undefined): boolean | string {
  if (!raw || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  return raw;
}
