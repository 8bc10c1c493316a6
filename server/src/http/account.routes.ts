import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AccountInfo, AccountInfoQuery, NameRequest } from '@nordlys/contract/account';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../config';
import type { DeviceService } from '../services/device.service';
import type { ProfileService } from '../services/profile.service';
import { CommonQuery, ErrorReply, withCommonQuery } from './common-query';
import { originOf } from './origin';

export interface AccountRoutesOptions {
  config: Pick<Config, 'publicUrl'>;
  profiles: ProfileService;
  devices: DeviceService;
}

export async function accountRoutes(
  app: FastifyInstance,
  { config, profiles, devices }: AccountRoutesOptions,
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/st/4/account_info',
    {
      schema: {
        tags: ['account'],
        summary: "The signed-in user's account; `language` is the app's locale, remembered for the user",
        querystring: withCommonQuery(AccountInfoQuery),
        response: { 200: AccountInfo, 400: ErrorReply, 401: ErrorReply },
      },
    },
    async (request, reply) => {
      const session = await request.requireSession();
      reply.header('cache-control', 'no-store');
      return profiles.accountInfo(
        session.userId,
        originOf(request, config.publicUrl),
        request.query.language,
      );
    },
  );

  api.post(
    '/st/4/name',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the profile name (trimmed, 1 to 255 characters)',
        querystring: CommonQuery,
        body: NameRequest,
        response: { 200: AccountInfo, 400: ErrorReply, 401: ErrorReply },
      },
    },
    async (request) => {
      const session = await request.requireSession();
      await profiles.setName(session.userId, request.body.name);
      return profiles.accountInfo(session.userId, originOf(request, config.publicUrl));
    },
  );

  api.post(
    '/st/4/logout',
    {
      schema: {
        tags: ['account'],
        summary: "End this device's session; its token stops working",
        querystring: CommonQuery,
        response: { 204: Type.Null(), 401: ErrorReply },
      },
    },
    async (request, reply) => {
      const session = await request.requireSession();
      await devices.logout(session);
      return reply.status(204).send(null);
    },
  );
}
