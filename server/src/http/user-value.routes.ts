import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AccountAttribute,
  ATTRIBUTE_KEY_MAX_LENGTH,
  OptionValue,
  UserOption,
} from '@nordlys/contract/account';
import { PlainText } from '@nordlys/contract/plain-text';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';
import type { UserValueService } from '../services/user-value.service';
import { CommonQuery, ErrorReply, withCommonQuery } from './common-query';

const Key = PlainText({ minLength: 1, maxLength: ATTRIBUTE_KEY_MAX_LENGTH });
const KeyQuery = withCommonQuery({ key: Key });
const NameParams = Type.Object({ name: Key });

/**
 * A user's values by key, under two APIs: account attributes (`/account_attribute`, the key in the
 * body or the query) and options (`/options/{name}`, the key in the path). Both read, write and
 * delete the same way; only where the key travels and what the reply calls it differ.
 */
function valueCalls(values: UserValueService) {
  const userOf = async (request: FastifyRequest) => (await request.requireSession()).userId;
  return {
    async write(request: FastifyRequest, key: string, value: string) {
      await values.put(await userOf(request), key, value);
    },
    async read(request: FastifyRequest, reply: FastifyReply, key: string) {
      reply.header('cache-control', 'no-store');
      return values.get(await userOf(request), key);
    },
    async find(request: FastifyRequest, reply: FastifyReply, key: string) {
      reply.header('cache-control', 'no-store');
      return values.find(await userOf(request), key);
    },
    async remove(request: FastifyRequest, reply: FastifyReply, key: string) {
      await values.remove(await userOf(request), key);
      return reply.status(204).send(null);
    },
  };
}

/** The read and delete schemas of one API, given where it carries the key. */
function keyedSchemas<Where extends object, Reply extends TSchema>(noun: string, where: Where, reply: Reply) {
  const tags = ['account'];
  return {
    read: {
      tags,
      summary: `Read ${noun}`,
      ...where,
      response: { 200: reply, 401: ErrorReply, 404: ErrorReply },
    },
    remove: {
      tags,
      summary: `Delete ${noun}`,
      ...where,
      response: { 204: Type.Null(), 401: ErrorReply, 404: ErrorReply },
    },
  };
}

export async function userValueRoutes(
  app: FastifyInstance,
  { attributes, options }: { attributes: UserValueService; options: UserValueService },
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const attribute = valueCalls(attributes);
  const option = valueCalls(options);
  const attributeSchemas = keyedSchemas('an account attribute', { querystring: KeyQuery }, AccountAttribute);
  const optionSchemas = keyedSchemas(
    'a user option',
    { params: NameParams, querystring: CommonQuery },
    UserOption,
  );

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
    async (request) => {
      const { key, value } = request.body;
      await attribute.write(request, key, value);
      return { key, value };
    },
  );

  // An attribute never set answers 204: the account poll reads watched keys every 30 s, and a key
  // that has no value yet is an answer, not an error to log in every browser console.
  const attributeRead = {
    ...attributeSchemas.read,
    response: { ...attributeSchemas.read.response, 204: Type.Null() },
  };
  api.get('/st/4/account_attribute', { schema: attributeRead }, async (request, reply) => {
    const { key } = request.query;
    const value = await attribute.find(request, reply, key);
    if (value === undefined) return reply.status(204).send(null);
    return { key, value };
  });

  api.delete('/st/4/account_attribute', { schema: attributeSchemas.remove }, (request, reply) =>
    attribute.remove(request, reply, request.query.key),
  );

  api.get('/st/4/options/:name', { schema: optionSchemas.read }, async (request, reply) => {
    const { name } = request.params;
    return { name, value: await option.read(request, reply, name) };
  });

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
    async (request) => {
      const { name } = request.params;
      const { value } = request.body;
      await option.write(request, name, value);
      return { name, value };
    },
  );

  api.delete('/st/4/options/:name', { schema: optionSchemas.remove }, (request, reply) =>
    option.remove(request, reply, request.params.name),
  );
}
