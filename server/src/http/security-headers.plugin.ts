import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

type Directives = Record<string, string[]>;

/**
 * Stripe's origins (its content security policy guide): Stripe.js and the Payment Element's
 * frames, and its API, which Stripe.js calls from the page. Only with Stripe configured.
 */
export const STRIPE_ORIGINS = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * Where Google serves the Cast frameworks: the sender script the web app loads when casting is
 * configured, and the receiver framework our receiver page loads on a Cast device.
 */
export const CAST_SCRIPT_ORIGIN = 'https://www.gstatic.com';

export interface PolicyOptions {
  publicUrl: string | null;
  /** Card payments through Stripe: its origins join the policy. */
  stripe?: boolean;
  /** Casting configured: the Cast sender script's origin joins the policy. */
  cast?: boolean;
}

/**
 * The web app's policy: everything from our own origin, and no inline script at all (the client
 * config travels as a JSON data block). Besides that, WebAssembly for the upload checksums
 * (hash-wasm), object URLs for picture and video previews and for the photo editor, which also
 * fetches them (an overlay picked from the device or taken with the camera), data URLs for
 * ThumbHash placeholders and the editor's stickers, and the public URL, which the service host
 * directory names as every host and which may differ from the address the app was opened at.
 */
export function appDirectives({ publicUrl, stripe = false, cast = false }: PolicyOptions): Directives {
  const services = publicUrl ? [new URL(publicUrl).origin] : [];
  const payments = stripe ? STRIPE_ORIGINS : { script: [], frame: [], connect: [] };
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...payments.script, ...(cast ? [CAST_SCRIPT_ORIGIN] : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'blob:', 'data:', ...services],
    'media-src': ["'self'", 'blob:', ...services],
    'connect-src': ["'self'", 'blob:', ...services, ...payments.connect],
    ...(stripe ? { 'frame-src': payments.frame } : {}),
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export const serializePolicy = (directives: Directives): string =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');

/** The app's policy with one response's nonce for the stylesheets the client inserts at run time. */
export function appPolicyWithStyleNonce(options: PolicyOptions, nonce: string): string {
  const directives = appDirectives(options);
  directives['style-src'] = [...(directives['style-src'] ?? []), `'nonce-${nonce}'`];
  return serializePolicy(directives);
}

/**
 * Security headers on every response. Routes that serve other kinds of pages (uploaded files, the
 * sign-in pages) set a stricter Content-Security-Policy of their own, which replaces this one.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: PolicyOptions) => {
    const { publicUrl } = options;
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: appDirectives(options) },
      // Only a deployment that names an https address knows that every visitor arrives over TLS;
      // its other host names may still serve plain HTTP, so subdomains are left out.
      strictTransportSecurity: publicUrl?.startsWith('https:')
        ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: false }
        : false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
    });
  },
  { name: 'security-headers' },
);
