import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics';
import { scrapeAllowed } from './scrape-access';

/**
 * `/metrics` on a port of its own (METRICS_PORT), for the API process and the worker: reachable
 * where the operator binds it (loopback by default), never on the public one.
 */
export async function serveMetrics(
  metrics: Metrics,
  { port, host, token }: { port: number; host: string; token: string | null },
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://metrics');
    if (request.method !== 'GET' || url.pathname !== '/metrics') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      return;
    }
    if (!scrapeAllowed(token, request.headers.authorization)) {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Unauthorized"}');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
