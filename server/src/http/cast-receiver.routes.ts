import fs from 'node:fs';
import path from 'node:path';
import { localeTag } from '@nordlys/contract/language-rule';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../domain/errors';
import { CAST_SCRIPT_ORIGIN, serializePolicy } from './security-headers.plugin';
import { visitorLocale } from './visitor-locale';

export interface CastReceiverOptions {
  webDist: string;
  publicUrl: string | null;
  /** TEST_ENDPOINTS: the page also listens on the local stand-in for the Cast channel. */
  localChannel: boolean;
  brand: { name: string; nameNorway: string; norwegianHosts: string[] };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The page as this TV gets it: the brand of the host it was loaded from and the language its
 * browser asks for (a TV has no language cookie of ours, but a sender's test browser may), both
 * shown by the idle screen before anything is cast.
 */
export function personalisePage(
  html: string,
  headers: {
    host?: string;
    'x-forwarded-host'?: string | string[];
    cookie?: string;
    'accept-language'?: string;
  },
  brand: CastReceiverOptions['brand'],
): string {
  const { norwegian, locale } = visitorLocale(headers, brand.norwegianHosts);
  const name = escapeHtml(norwegian ? brand.nameNorway : brand.name);
  return html
    .replace(/<html[^>]*>/, `<html lang="${localeTag(locale)}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
    .replace('<body', `<body data-brand="${name}" data-locale="${locale}"`);
}

/** Where a Cast device's receiver framework talks to the device itself. */
const CAST_DEVICE_SOCKET = 'ws://localhost:8008';

/**
 * The receiver page's policy: its own scripts and Google's receiver framework, media from our
 * origin (the signed cast URLs), the device's local socket; framing stays refused.
 */
export function castReceiverPolicy(publicUrl: string | null): string {
  const services = publicUrl ? [new URL(publicUrl).origin] : [];
  return serializePolicy({
    'default-src': ["'self'"],
    'script-src': ["'self'", CAST_SCRIPT_ORIGIN],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", CAST_SCRIPT_ORIGIN],
    'img-src': ["'self'", 'data:', ...services],
    'media-src': ["'self'", 'blob:', ...services],
    'connect-src': ["'self'", CAST_SCRIPT_ORIGIN, CAST_DEVICE_SOCKET, ...services],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * `GET /cast/receiver`: our Cast receiver application (account.md §4), built with the web client
 * into dist/cast-receiver/. A self-hoster registers this address with Google and configures the app
 * id it gets as CAST_RECEIVER_APP_ID.
 */
export async function castReceiverRoutes(app: FastifyInstance, opts: CastReceiverOptions) {
  const file = path.join(opts.webDist, 'cast-receiver', 'index.html');
  let page: string | null = null;
  app.get('/cast/receiver', { schema: { hide: true } }, async (request, reply) => {
    if (page === null) {
      if (!fs.existsSync(file)) throw notFound('web client not built');
      const html = fs.readFileSync(file, 'utf8');
      page = opts.localChannel ? html.replace('<body>', '<body data-local-cast="1">') : html;
    }
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language, Cookie, Host')
      .header('content-security-policy', castReceiverPolicy(opts.publicUrl))
      .type('text/html; charset=utf-8')
      .send(personalisePage(page, request.headers, opts.brand));
  });
}
