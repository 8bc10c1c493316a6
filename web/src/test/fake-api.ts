/** A stand-in for the API at the fetch boundary, for web unit tests that need no real server. */
import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  authorization: string | null;
  headers: Record<string, string>;
}

export type FakeRoute = (call: FakeCall) => Response | Promise<Response>;

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * Answers the API by "METHOD /path" (path without /st/4 and query), recording calls; anything
 * unrouted is a 404 so a test cannot pass by accident.
 */
export function fakeApi(routes: Record<string, FakeRoute | Response>) {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost:3000');
      const method = init.method ?? 'GET';
      const path = url.pathname.replace(/^\/st\/4/, '');
      const headers = (init.headers ?? {}) as Record<string, string>;
      let body: unknown = init.body;
      if (typeof init.body === 'string') {
        // Text bodies (newline-joined ids) stay text.
        try {
          body = JSON.parse(init.body);
        } catch {
          body = init.body;
        }
      }
      const call: FakeCall = {
        method,
        path,
        url,
        body,
        authorization: headers.Authorization ?? null,
        headers,
      };
      calls.push(call);
      const route = routes[`${method} ${path}`];
      if (!route) return jsonResponse({ error: 'Not Found' }, 404);
      return route instanceof Response ? route.clone() : route(call);
    }),
  );
  return calls;
}
