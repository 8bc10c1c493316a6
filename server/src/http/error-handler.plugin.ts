import { PLAIN_TEXT_PATTERN } from '@nordlys/contract/plain-text';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError, STATUS_BY_KIND } from '../domain/errors';
import { EPOCH_SECONDS_PATTERN } from './common-query';

// A pattern says nothing to a person reading the error; these say what it stands for.
const PATTERN_RULES = new Map([
  [PLAIN_TEXT_PATTERN, 'must not contain control characters'],
  [EPOCH_SECONDS_PATTERN, 'must be whole epoch seconds'],
]);

/** Names the failing field: "body.name must NOT have more than 255 characters". */
function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const context = error.validationContext ?? 'request';
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
  const pointer = first.instancePath ? first.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
  const field = [context, pointer, missing].filter(Boolean).join('.');
  if (missing) return `${field} is required`;
  const pattern = (first.params as { pattern?: string } | undefined)?.pattern;
  const rule = first.keyword === 'pattern' && pattern ? PATTERN_RULES.get(pattern) : undefined;
  return `${field} ${rule ?? first.message ?? 'is invalid'}`;
}

/** One place maps every failure to `{ error }` with the spec's status codes; a 5xx never leaks details. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      return reply.status(STATUS_BY_KIND[error.kind]).send({ error: error.message });
    }
    if (error.validation) {
      return reply.status(400).send({ error: describeValidation(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Internal Server Error' });
  });
});
