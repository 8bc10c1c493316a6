import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';

const HealthDetails = Type.Object(
  {
    ffmpeg: Type.Object({
      path: Type.String(),
      source: Type.Union([Type.Literal('env'), Type.Literal('system'), Type.Literal('packaged')]),
      version: Type.Union([Type.String(), Type.Null()]),
    }),
  },
  { additionalProperties: true },
);

export interface HealthDeps {
  /** Answers once the database does, and fails when it cannot be reached. */
  ping: () => Promise<void>;
  /** What the operator wants to see of the process: which media tools it runs. */
  details: () => Promise<Static<typeof HealthDetails>>;
}

export async function healthRoutes(app: FastifyInstance, { ping, details }: HealthDeps) {
  app.get(
    '/healthz',
    {
      schema: {
        hide: true,
        response: {
          200: Type.Object({ status: Type.Literal('ok'), details: HealthDetails }),
          503: Type.Object({ status: Type.String(), details: HealthDetails }),
        },
      },
    },
    async (_request, reply) => {
      const about = await details();
      try {
        await ping();
        return { status: 'ok' as const, details: about };
      } catch {
        return reply.status(503).send({ status: 'database unavailable', details: about });
      }
    },
  );
}
