import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AccountAttribute, ATTRIBUTE_KEY_MAX_LENGTH } from '@nordlys/contract/account';
import { PlainText } from '@nordlys/contract/plain-text';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AccountAttributeService } from '../services/account-attribute.service';
import { ErrorReply, withCommonQuery } from './common-query';

const KeyQuery = withCommonQuery({ key: PlainText({ minLength: 1, maxLength: ATTRIBUTE_KEY_MAX_LENGTH }) });

export async function accountAttributeRoutes(
  app: FastifyInstance,
  { attributes }: { attributes: AccountAttributeService },
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.post(
    '/st/4/account_attribute',
    {
      schema: {
        tags: ['account'],
        summary: 'Set an account attribute (insert or replace)',
        querystring: withCommonQuery(),
        body: AccountAttribute,
        response: { 200: AccountAttribute, 400: ErrorReply, 401: ErrorReply },
      },
    },
    async (request) => attributes.put((await request.requireSession()).userId, request.body),
  );

  api.get(
    '/st/4/account_attribute',
    {
      schema: {
        tags: ['account'],
        summary: 'Read an account attribute',
        querystring: KeyQuery,
        response: { 200: AccountAttribute, 401: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return attributes.get((await request.requireSession()).userId, request.query.key);
    },
  );

  api.delete(
    '/st/4/account_attribute',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete an account attribute',
        querystring: KeyQuery,
        response: { 204: Type.Null(), 401: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      await attributes.remove((await request.requireSession()).userId, request.query.key);
      return reply.status(204).send(null);
    },
  );
}
