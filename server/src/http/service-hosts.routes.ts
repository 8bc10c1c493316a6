import { ServiceHosts } from '@nordlys/contract/service-hosts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CommonQuery } from './common-query';
import { originOf } from './origin';

/**
 * The service host directory. In one process every host is this origin; a scaled-out deployment
 * points thumbnails, video, polling or downloads elsewhere by configuration.
 */
export async function serviceHostsRoutes(app: FastifyInstance, { publicUrl }: { publicUrl: string | null }) {
  app.get(
    '/st/4/jobs/:id/service',
    {
      schema: {
        tags: ['service'],
        summary: 'Service host directory for a job',
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: CommonQuery,
        response: { 200: ServiceHosts },
      },
    },
    async (request) => {
      const origin = originOf(request, publicUrl);
      return {
        appHost: origin,
        thumbHost: origin,
        videoHost: origin,
        pollHost: origin,
        downloadHost: origin,
      };
    },
  );
}
