import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

type Directives = Record<string, string[]>;

/**
 * The web app's policy: everything from our own origin. Besides that, WebAssembly for the upload
 * checksums (hash-wasm), object URLs for picture and video previews, data URLs for ThumbHash
 * placeholders, and the public URL, which the service host directory names as every host and
 * which may differ from the address the app was opened at.
 */
export function appDirectives(publicUrl: string | null): Directives {
  const services = publicUrl ? [new URL(publicUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'blob:', 'data:', ...services],
    'media-src': ["'self'", 'blob:', ...services],
    'connect-src': ["'self'", ...services],
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
export function appPolicyWithStyleNonce(publicUrl: string | null, nonce: string): string {
  const directives = appDirectives(publicUrl);
  directives['style-src'] = [...(directives['style-src'] ?? []), `'nonce-${nonce}'`];
  return serializePolicy(directives);
}

/**
 * Security headers on every response. Routes that serve other kinds of pages (uploaded files, the
 * sign-in pages) set a stricter Content-Security-Policy of their own, which replaces this one.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { publicUrl }: { publicUrl: string | null }) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: appDirectives(publicUrl) },
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
