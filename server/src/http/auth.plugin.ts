import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SignedInCaller } from '../domain/caller';
import { unauthenticated } from '../domain/errors';
import { type AuthService, tokenFromAuthorization } from '../services/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session; throws 401 without a valid token. */
    requireSession(): Promise<SignedInCaller>;
    /** The caller's session, or null for an anonymous caller. A token that is sent must still be valid. */
    optionalSession(): Promise<SignedInCaller | null>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<SignedInCaller | null>>();

/** Authentication is resolved lazily, once per request, only by routes that ask for it. */
export const authPlugin = fp(async (app: FastifyInstance, { auth }: { auth: AuthService }) => {
  function resolve(request: FastifyRequest): Promise<SignedInCaller | null> {
    let pending = cache.get(request);
    if (!pending) {
      const token = tokenFromAuthorization(request.headers.authorization);
      pending = token ? auth.authenticate(token) : Promise.resolve(null);
      cache.set(request, pending);
    }
    return pending;
  }

  app.decorateRequest('requireSession', async function (this: FastifyRequest) {
    const session = await resolve(this);
    if (!session) throw unauthenticated();
    return session;
  });
  app.decorateRequest('optionalSession', function (this: FastifyRequest) {
    return resolve(this);
  });
});
