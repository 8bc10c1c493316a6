import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  CLIENT_CONFIG_ELEMENT_ID,
  type ClientConfig,
  STYLE_NONCE_META_PROPERTY,
} from '@nordlys/contract/client-config';
import { isLocale } from '@nordlys/contract/language-rule';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROBOTS_TXT, robotsTagFor } from './search-engines';

const API_PREFIXES = ['/st/', '/th/', '/idp/', '/poll/', '/healthz', '/readyz', '/metrics'];

export interface WebAppOptions {
  root: string;
  clientConfig: ClientConfig;
  /** The Content-Security-Policy of the app shell, given the response's style nonce. */
  policyWithStyleNonce(nonce: string): string;
  /** Extra `<head>` markup for a page (a share's link-preview tags), or '' for none. */
  headFor?(request: FastifyRequest): Promise<string>;
  /** The language the client will show this visitor (its strings chunk is preloaded). */
  localeFor?(request: FastifyRequest): string;
}

/**
 * Each language's first-load strings chunk (`en_US` → `/assets/en_US-….js`), from Vite's manifest;
 * empty without one. The client asks for it only once its entry has run: named in the page's head,
 * it loads beside the entry instead, a round trip sooner.
 */
export function localeChunks(root: string): Map<string, string> {
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  const chunks = new Map<string, string>();
  if (!fs.existsSync(manifestFile)) return chunks;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; name?: string }
  >;
  for (const chunk of Object.values(manifest)) {
    if (chunk.name && isLocale(chunk.name)) chunks.set(chunk.name, `/${chunk.file}`);
  }
  return chunks;
}

/**
 * index.html with the client config as a JSON data block (the browser does not run it, so the
 * policy needs no inline script; `<` is escaped so the JSON cannot end the element), split where
 * each response's style nonce goes.
 */
export function shellParts(html: string, config: ClientConfig): [string, string] {
  const json = JSON.stringify(config).replaceAll('<', '\\u003c');
  const end = html.indexOf('</head>');
  if (end < 0) throw new Error('index.html has no </head>');
  return [
    `${html.slice(0, end)}<meta property="${STYLE_NONCE_META_PROPERTY}" nonce="`,
    `"><script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${json}</script>${html.slice(end)}`,
  ];
}

/**
 * Serves the built web client: hashed assets cached forever, and index.html (never cached) for
 * every client route so that deep links and reloads work.
 */
export async function webAppPlugin(app: FastifyInstance, opts: WebAppOptions) {
  const indexFile = path.join(opts.root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ root: opts.root }, 'web client not built; run `npm run build` to serve it');
  }
  let shell: [string, string] | null = null;
  let strings: Map<string, string> | null = null;
  const parts = () => {
    shell ??= shellParts(fs.readFileSync(indexFile, 'utf8'), opts.clientConfig);
    strings ??= localeChunks(opts.root);
    return shell;
  };
  const stringsPreload = (request: FastifyRequest | undefined) => {
    const chunk = request && opts.localeFor ? strings?.get(opts.localeFor(request)) : undefined;
    return chunk ? `<link rel="modulepreload" crossorigin href="${chunk}">` : '';
  };

  // A client route with an empty segment (an album route without its id, `/a//createNew`) is
  // refused by the static handler as a suspicious file path; it is no file, so the client answers
  // it (with core.md §1's 'Must have params for either albumID or albumIDB64').
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || !url.includes('//') || !fs.existsSync(indexFile)) return;
    if (API_PREFIXES.some((prefix) => url.startsWith(prefix)) || url.startsWith('/assets/')) return;
    return sendIndex(reply, request);
  });

  if (fs.existsSync(opts.root)) {
    await app.register(fastifyStatic, {
      root: opts.root,
      index: false,
      wildcard: true,
      // The build writes .br and .gz copies of text assets: the one the browser accepts is sent.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(opts.root, 'assets') + path.sep);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }

  const sendIndex = async (reply: FastifyReply, request?: FastifyRequest) => {
    const [before, shellAfter] = parts();
    const head = stringsPreload(request) + (request && opts.headFor ? await opts.headFor(request) : '');
    const after = head ? shellAfter.replace('</head>', `${head}</head>`) : shellAfter;
    const nonce = randomBytes(16).toString('base64');
    const robotsTag = robotsTagFor(request?.url.split('?')[0] ?? '/');
    if (robotsTag) reply.header('x-robots-tag', robotsTag);
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', opts.policyWithStyleNonce(nonce))
      .type('text/html; charset=utf-8')
      .send(`${before}${nonce}${after}`);
  };

  // Answered whether or not the client is built: the API behind it is no more for crawlers either way.
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('text/plain; charset=utf-8').send(ROBOTS_TXT),
  );

  // The static handler refuses directory paths, so the root is answered here.
  app.get('/', { schema: { hide: true } }, (request, reply) =>
    fs.existsSync(indexFile) ? sendIndex(reply, request) : reply.status(404).send({ error: 'Not found' }),
  );

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => url.startsWith(prefix));
    if (request.method !== 'GET' || isApi || !fs.existsSync(indexFile)) {
      return reply.status(404).send({ error: 'Not found' });
    }
    return sendIndex(reply, request);
  });
}
