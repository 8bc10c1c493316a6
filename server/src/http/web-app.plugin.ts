import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ClientConfig } from '@nordlys/contract/client-config';
import type { FastifyInstance, FastifyReply } from 'fastify';

const API_PREFIXES = ['/st/', '/th/', '/idp/', '/poll/', '/healthz'];

/** Inline config keeps the first paint free of an extra round trip; `<` is escaped so it cannot end the script. */
export function injectClientConfig(html: string, config: ClientConfig): string {
  const json = JSON.stringify(config).replaceAll('<', '\\u003c');
  return html.replace('</head>', `<script>window.__NORDLYS__=${json}</script></head>`);
}

/**
 * Serves the built web client: hashed assets cached forever, and index.html (never cached) for
 * every client route so that deep links and reloads work.
 */
export async function webAppPlugin(app: FastifyInstance, opts: { root: string; clientConfig: ClientConfig }) {
  const indexFile = path.join(opts.root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ root: opts.root }, 'web client not built; run `npm run build` to serve it');
  }
  let indexHtml: string | null = null;
  const index = () => {
    indexHtml ??= injectClientConfig(fs.readFileSync(indexFile, 'utf8'), opts.clientConfig);
    return indexHtml;
  };

  if (fs.existsSync(opts.root)) {
    await app.register(fastifyStatic, {
      root: opts.root,
      index: false,
      wildcard: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(opts.root, 'assets') + path.sep);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index());

  // The static handler refuses directory paths, so the root is answered here.
  app.get('/', { schema: { hide: true } }, (_request, reply) =>
    fs.existsSync(indexFile) ? sendIndex(reply) : reply.status(404).send({ error: 'Not found' }),
  );

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => url.startsWith(prefix));
    if (request.method !== 'GET' || isApi || !fs.existsSync(indexFile)) {
      return reply.status(404).send({ error: 'Not found' });
    }
    return sendIndex(reply);
  });
}
