import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ATTRIBUTE_KEY_MAX_LENGTH, OptionValue, UserOption } from '@nordlys/contract/account';
import { PlainText } from '@nordlys/contract/plain-text';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { OptionService } from '../services/option.service';
import { CommonQuery, ErrorReply } from './common-query';

const NameParams = Type.Object({ name: PlainText({ minLength: 1, maxLength: ATTRIBUTE_KEY_MAX_LENGTH }) });

export async function optionsRoutes(app: FastifyInstance, { options }: { options: OptionService }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/st/4/options/:name',
    {
      schema: {
        tags: ['account'],
        summary: 'Read a user option',
        params: NameParams,
        querystring: CommonQuery,
        response: { 200: UserOption, 401: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return options.get((await request.requireSession()).userId, request.params.name);
    },
  );

  api.put(
    '/st/4/options/:name',
    {
      schema: {
        tags: ['account'],
        summary: 'Set a user option',
        params: NameParams,
        querystring: CommonQuery,
        body: OptionValue,
        response: { 200: UserOption, 400: ErrorReply, 401: ErrorReply },
      },
    },
    async (request) =>
      options.put((await request.requireSession()).userId, request.params.name, request.body.value),
  );

  api.delete(
    '/st/4/options/:name',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete a user option',
        params: NameParams,
        querystring: CommonQuery,
        response: { 204: Type.Null(), 401: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      await options.remove((await request.requireSession()).userId, request.params.name);
      return reply.status(204).send(null);
    },
  );
}
