import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';

/** `ping` answers once the database does, and fails when it cannot be reached. */
export async function healthRoutes(app: FastifyInstance, { ping }: { ping: () => Promise<void> }) {
  app.get(
    '/healthz',
    {
      schema: {
        hide: true,
        response: {
          200: Type.Object({ status: Type.Literal('ok') }),
          503: Type.Object({ status: Type.String() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await ping();
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'database unavailable' });
      }
    },
  );
}
