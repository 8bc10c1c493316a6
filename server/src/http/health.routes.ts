import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { HealthService } from '../services/health.service';

/** What the operator sees of the process: which media tools it runs, whether it is draining. */
const HealthDetails = Type.Object(
  {
    ffmpeg: Type.Object({
      path: Type.String(),
      source: Type.Union([Type.Literal('env'), Type.Literal('system'), Type.Literal('packaged')]),
      version: Type.Union([Type.String(), Type.Null()]),
    }),
    draining: Type.Boolean(),
  },
  { additionalProperties: true },
);

const Reach = Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]);
const ReadinessDetails = Type.Object(
  { database: Reach, blobs: Reach, draining: Type.Boolean() },
  { additionalProperties: true },
);

/**
 * `/healthz`: the process is alive and answers, with its details. `/readyz`: it can serve
 * (database and blob store reachable, not draining); 503 otherwise, so a balancer takes it out of
 * rotation.
 */
export async function healthRoutes(app: FastifyInstance, { health }: { health: HealthService }) {
  app.get(
    '/healthz',
    {
      schema: {
        hide: true,
        response: { 200: Type.Object({ status: Type.Literal('ok'), details: HealthDetails }) },
      },
    },
    async () => health.alive(),
  );

  app.get(
    '/readyz',
    {
      schema: {
        hide: true,
        response: {
          200: Type.Object({ status: Type.Literal('ready'), details: ReadinessDetails }),
          503: Type.Object({ status: Type.Literal('unavailable'), details: ReadinessDetails }),
        },
      },
    },
    async (_request, reply) => {
      const { ready, details } = await health.readiness();
      if (ready) return { status: 'ready' as const, details };
      return reply.status(503).send({ status: 'unavailable' as const, details });
    },
  );
}
