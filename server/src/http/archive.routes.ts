import type { ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ArchiveLink, ArchiveRequest } from '@nordlys/contract/archive';
import { SHARE_PASSWORD_HEADER, ShareId } from '@nordlys/contract/share';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { type ArchiveChunks, archiveChunks, zipStream } from '../media/zip-stream';
import type { ArchivePlan, ArchiveService } from '../services/archive.service';
import { callerOf, shareCallerOf } from './caller';
import { ErrorReply, MediaId, SignedQuery, withCommonQuery } from './common-query';
import { contentDisposition } from './content-disposition';

const Params = Type.Object({ jobId: MediaId });
const ShareParams = Type.Object({ id: ShareId });
const SHARE_NOTE = `A password share wants its password, percent-encoded, in ${SHARE_PASSWORD_HEADER}.`;
const LinkQuery = withCommonQuery({
  ...SignedQuery,
  t: Type.Optional(Type.String({ maxLength: 2048, pattern: '^[A-Za-z0-9_-]+$' })),
  f: Type.Optional(Type.String({ maxLength: 12_000, pattern: '^[A-Za-z0-9_-]*$' })),
});
const ArchiveErrors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 410: ErrorReply };

/**
 * Fastify pipes the archive into the response with bare `write(chunk)` calls, which never learn
 * when the socket is done with a chunk. This response's `write` asks to be told for the pool's
 * views and gives each back then: Node calls a write's callback once its bytes have gone to the
 * kernel (or the write has failed), never while the socket may still read the buffer. Everything
 * else (headers, hooks, the metrics count, an error breaking the download) stays Fastify's.
 */
function giveBackOnceWritten(res: ServerResponse, chunks: ArchiveChunks): void {
  const write = res.write as (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
  res.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
    if (!chunks.owns(chunk)) return write.call(this, chunk, encoding, callback);
    const done = typeof encoding === 'function' ? encoding : callback;
    return write.call(this, chunk, (error?: Error | null) => {
      chunks.give(chunk);
      if (typeof done === 'function') done(error);
    });
  } as ServerResponse['write'];
}

/**
 * Streams the archive while it is written. The length is sent when it is known up front (every
 * entry stored as is), so a browser shows progress. A client that goes away aborts the writer,
 * which closes the entry being read: nothing more is read for a download nobody receives. Stored
 * files are read into a few buffers of this response's own, reused (archiveChunks).
 */
function sendArchive(request: FastifyRequest, reply: FastifyReply, plan: ArchivePlan) {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const chunks = archiveChunks();
  giveBackOnceWritten(reply.raw, chunks);
  const { stream, size } = zipStream(plan.entries, controller.signal, chunks);
  request.log.debug({ entries: plan.entries.length, size }, 'archive');
  reply
    .type('application/zip')
    .header('content-disposition', contentDisposition('attachment', plan.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  if (size !== null) reply.header('content-length', String(size));
  return reply.send(stream);
}

/**
 * Archive downloads (contract/archive): a job's files, the trash, and the signed links a browser
 * follows for them. Archives are never compressed again on the way (compress: false).
 */
export async function archiveRoutes(app: FastifyInstance, { archives }: { archives: ArchiveService }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/st/4/jobs/:jobId/files_as_archive',
    {
      compress: false,
      schema: {
        tags: ['archives'],
        summary: "A job's files (all, or file_ids) as a ZIP streamed while it is built",
        params: Params,
        querystring: withCommonQuery(),
        body: ArchiveRequest,
        response: ArchiveErrors,
      },
    },
    async (request, reply) =>
      sendArchive(
        request,
        reply,
        await archives.forJob(await callerOf(request), request.params.jobId, request.body),
      ),
  );

  api.post(
    '/st/4/jobs/:jobId/files_as_archive/link',
    {
      schema: {
        tags: ['archives'],
        summary: 'A short-lived signed GET link to that archive, for a plain browser download',
        params: Params,
        querystring: withCommonQuery(),
        body: ArchiveRequest,
        response: { 200: ArchiveLink, ...ArchiveErrors },
      },
    },
    async (request) => archives.jobLink(await callerOf(request), request.params.jobId, request.body),
  );

  api.get(
    '/st/4/jobs/:jobId/files_as_archive',
    {
      compress: false,
      schema: {
        tags: ['archives'],
        summary: "A job's archive by signed link (t, f, exp, sig); without t, the whole job for the caller",
        params: Params,
        querystring: LinkQuery,
        response: ArchiveErrors,
      },
    },
    async (request, reply) => {
      const { jobId } = request.params;
      const plan =
        request.query.t === undefined
          ? await archives.forJob(await callerOf(request), jobId, {})
          : await archives.forJobLink(jobId, request.query);
      return sendArchive(request, reply, plan);
    },
  );

  api.get(
    '/st/4/trash_can/files_as_archive',
    {
      compress: false,
      schema: {
        tags: ['trash'],
        summary: "The caller's trash as one archive (signed-in, or by signed link)",
        querystring: LinkQuery,
        response: ArchiveErrors,
      },
    },
    async (request, reply) => {
      const plan =
        request.query.t === undefined
          ? await archives.forTrash(await request.requireSession(), {})
          : await archives.forTrashLink(request.query);
      return sendArchive(request, reply, plan);
    },
  );

  api.post(
    '/st/4/trash_can/files_as_archive/link',
    {
      schema: {
        tags: ['trash'],
        summary: 'A short-lived signed GET link to the trash archive (all, or file_ids)',
        querystring: withCommonQuery(),
        body: ArchiveRequest,
        response: { 200: ArchiveLink, ...ArchiveErrors },
      },
    },
    async (request) => archives.trashLink(await request.requireSession(), request.body),
  );

  api.post(
    '/st/4/shares/:id/files_as_archive/link',
    {
      schema: {
        tags: ['shares'],
        summary: "A short-lived signed GET link to a share's files (all, or file_ids) as one ZIP",
        description: SHARE_NOTE,
        params: ShareParams,
        querystring: withCommonQuery(),
        body: ArchiveRequest,
        response: { 200: ArchiveLink, ...ArchiveErrors, 429: ErrorReply },
      },
    },
    async (request) => archives.shareLink(await shareCallerOf(request), request.params.id, request.body),
  );

  api.get(
    '/st/4/shares/:id/files_as_archive',
    {
      compress: false,
      schema: {
        tags: ['shares'],
        summary: "A share's files as one ZIP: by signed link (t, f, exp, sig), or for the caller",
        description: SHARE_NOTE,
        params: ShareParams,
        querystring: LinkQuery,
        response: { ...ArchiveErrors, 429: ErrorReply },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const plan =
        request.query.t === undefined
          ? await archives.forShare(await shareCallerOf(request), id, {})
          : await archives.forShareLink(id, request.query);
      return sendArchive(request, reply, plan);
    },
  );
}
