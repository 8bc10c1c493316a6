import swagger from '@fastify/swagger';
import { CLIENT_VERSION } from '@nordlys/contract/constants';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Registered before the routes so that every route schema lands in the document. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Nordlys API', version: CLIENT_VERSION, description: 'The /st/4 API of Nordlys.' },
      components: {
        securitySchemes: {
          deviceToken: { type: 'http', scheme: 'basic', description: 'Password = device token' },
        },
      },
      security: [{ deviceToken: [] }],
    },
  });
  app.get('/st/4/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
