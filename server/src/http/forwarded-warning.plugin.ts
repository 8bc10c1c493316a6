import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Behind a reverse proxy every request comes from the proxy's address unless TRUST_PROXY is set,
 * so per-address guess limits would count all users as one. The first request that arrives with
 * X-Forwarded-For while the header is not believed says so in the log, once per process.
 */
export const forwardedWarningPlugin = fp(
  async (app: FastifyInstance, { trustProxy }: { trustProxy: unknown }) => {
    if (trustProxy !== false) return;
    let warned = false;
    app.addHook('onRequest', async (request) => {
      if (warned || request.headers['x-forwarded-for'] === undefined) return;
      warned = true;
      app.log.warn(
        'A request arrived with X-Forwarded-For but TRUST_PROXY is not set: every client behind the ' +
          'proxy counts as the proxy address for sign-in limits. Set TRUST_PROXY=true (or the proxy ' +
          'addresses) when Nordlys runs behind a reverse proxy.',
      );
    });
  },
);
