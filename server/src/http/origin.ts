import type { FastifyRequest } from 'fastify';

/** The origin clients reach us at: the configured public URL, else what the request says. */
export function originOf(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
