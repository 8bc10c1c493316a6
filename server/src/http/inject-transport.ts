import type { FastifyInstance } from 'fastify';
import type { Transport } from '../identity/oidc-relying-party';

/**
 * A fetch for the built-in provider that goes through this app's own HTTP stack in-process: the
 * server need not be able to reach its public address (proxies, containers), yet the token
 * request is the provider's real endpoint with its real checks.
 */
export function injectTransport(app: FastifyInstance): Transport {
  return async (url, init = {}) => {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    headers.set('host', target.host);
    headers.set('x-forwarded-proto', target.protocol.replace(':', ''));
    headers.set('x-forwarded-host', target.host);
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: Object.fromEntries(headers),
      payload: typeof init.body === 'string' ? init.body : undefined,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined)
        responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: responseHeaders,
    });
  };
}
