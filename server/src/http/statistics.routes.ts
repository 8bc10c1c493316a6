import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ClientStats, StatisticsEvents } from '@nordlys/contract/account';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { StatisticsService } from '../services/statistics.service';
import { CommonQuery, ErrorReply } from './common-query';

export async function statisticsRoutes(
  app: FastifyInstance,
  { statistics }: { statistics: StatisticsService },
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.post(
    '/st/4/client_stats',
    {
      schema: {
        tags: ['statistics'],
        summary: 'When the client was last in the foreground and last engaged (epoch ms)',
        querystring: CommonQuery,
        body: ClientStats,
        response: { 204: Type.Null(), 400: ErrorReply, 401: ErrorReply },
      },
    },
    async (request, reply) => {
      await statistics.recordClientStats((await request.requireSession()).userId, request.body);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/st/4/user_statistics_events',
    {
      schema: {
        tags: ['statistics'],
        summary: 'Usage events (at most 100 per call)',
        querystring: CommonQuery,
        body: StatisticsEvents,
        response: { 204: Type.Null(), 400: ErrorReply, 401: ErrorReply },
      },
    },
    async (request, reply) => {
      await statistics.recordEvents(await request.requireSession(), request.body.events);
      return reply.status(204).send(null);
    },
  );
}
