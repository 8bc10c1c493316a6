import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ChangesAndUploadStatus, POLL_HOLD_MS, PollReply } from '@nordlys/contract/job-changes';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { JobFeedService } from '../services/job-feed.service';
import { callerOf } from './caller';
import { ErrorReply, withCommonQuery } from './common-query';

const JobParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** The upload panel's status call and the poll host's long poll (core.md §7). */
export async function jobFeedRoutes(app: FastifyInstance, { feed }: { feed: JobFeedService }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Held polls would keep the server from closing for up to their hold time.
  app.addHook('preClose', async () => feed.releaseAll());

  api.get(
    '/st/4/jobs/:id/changes_and_async_upload_status',
    {
      schema: {
        tags: ['timeline'],
        summary: "Changes after `since`, and the caller's files in the job still being processed",
        params: JobParams,
        querystring: withCommonQuery({ since: Type.Optional(Type.Integer({ minimum: 0, default: 0 })) }),
        response: { 200: ChangesAndUploadStatus, '4xx': ErrorReply },
      },
    },
    async (request) =>
      feed.changesAndUploadStatus(await callerOf(request), request.params.id, request.query.since ?? 0),
  );

  api.get(
    '/poll/jobs/:id/poll',
    {
      schema: {
        tags: ['timeline'],
        summary: `Held until the job's serial passes seq (ok), or ${POLL_HOLD_MS / 1000} s pass (timeout)`,
        description: 'The same access rules as reading the job. `hold_ms` asks for a shorter hold.',
        params: JobParams,
        querystring: withCommonQuery({
          seq: Type.Integer({ minimum: 0 }),
          hold_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: POLL_HOLD_MS })),
        }),
        response: { 200: PollReply, '4xx': ErrorReply },
      },
    },
    async (request, reply) => {
      const abort = new AbortController();
      reply.raw.once('close', () => abort.abort());
      return feed.poll(await callerOf(request), request.params.id, {
        seq: request.query.seq,
        holdMs: request.query.hold_ms ?? POLL_HOLD_MS,
        signal: abort.signal,
      });
    },
  );
}
