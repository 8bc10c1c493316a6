import { pipeline, type Readable, Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from '../metrics/metrics';
import { scrapeAllowed } from '../metrics/scrape-access';

/** Requests whose body is a file's bytes: counted as upload bytes when they succeed. */
const UPLOAD_ROUTES = new Set(['POST /st/4/jobs/:id/upload', 'PATCH /st/4/tus/*']);
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

/**
 * Measures every request (rate, latency and requests in flight per route pattern, upload and
 * archive bytes) when metrics are on, and serves `/metrics` on the app's port when a token is
 * configured and no port of their own is: a scrape without the token gets 401. With metrics off
 * nothing is measured and `/metrics` does not exist.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { metrics, token }: { metrics: Metrics | null; token: string | null }) => {
    if (!metrics) return;

    app.addHook('onRequest', async (request, reply) => {
      const route = routeOf(request);
      const { method } = request;
      const started = process.hrtime.bigint();
      const ended = metrics.requestStarted(method, route);
      // 'close' comes for every answer, also for hijacked ones (tus) and clients that went away.
      reply.raw.once('close', () => {
        ended();
        const status = reply.raw.statusCode;
        metrics.requestEnded(method, route, status, Number(process.hrtime.bigint() - started) / 1e9);
        if (status < 300 && UPLOAD_ROUTES.has(`${method} ${route}`)) {
          metrics.uploaded(Number(request.headers['content-length'] ?? 0));
        }
      });
    });

    app.addHook('onSend', async (request, _reply, payload) => {
      // Every archive route (a job's, the trash's, a share's; by POST or by signed link) ends so.
      if (!routeOf(request).endsWith('/files_as_archive')) return payload;
      if (!payload || typeof (payload as Readable).pipe !== 'function') return payload;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          metrics.archived(chunk.length);
          done(null, chunk);
        },
      });
      // Either side failing or closing early ends the other (a client that went away).
      pipeline(payload as Readable, counted, () => {});
      return counted;
    });

    if (token === null) return;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!scrapeAllowed(token, request.headers.authorization)) {
        return reply.status(401).send({ error: 'Unauthorized' });
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  },
  { name: 'metrics' },
);
