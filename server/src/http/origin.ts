import type { FastifyRequest } from 'fastify';

/**
 * The origin clients reach us at: the configured public URL, else what the request says, in the
 * URL standard's form (no default port), as the built-in provider names its issuer; a Host of
 * `example.com:80` would otherwise name another issuer than the one discovery answers with.
 */
export function originOf(request: FastifyRequest, publicUrl: string | null): string {
  if (publicUrl) return publicUrl;
  const stated = `${request.protocol}://${request.host}`;
  try {
    return new URL(stated).origin;
  } catch {
    return stated;
  }
}
