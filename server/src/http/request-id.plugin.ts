import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withRequestId } from '../queue/request-id';

export const REQUEST_ID_HEADER = 'x-request-id';
/** What a balancer hands on (a UUID, HAProxy's or nginx's ids); anything else is replaced. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's genReqId: the balancer's `X-Request-ID` when it sent a sane one, otherwise a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
}

/**
 * Every answer carries the request's id back (`X-Request-ID`), every log line of its handling has
 * it (Fastify's reqId), and work it enqueues carries it to the process that does it.
 */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      // On the raw answer, so hijacked answers (tus) carry it too.
      reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
      withRequestId(request.id, done);
    });
  },
  { name: 'request-id' },
);
