import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MAX_UPLOAD_BYTES } from '@nordlys/contract/constants';
import { FILE_ID_HEADER, TusUploadStatus } from '@nordlys/contract/file';
import type { Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { SignedInCaller } from '../domain/caller';
import { DomainError, notFound, STATUS_BY_KIND } from '../domain/errors';
import type { ResumableUploadService } from '../services/resumable-upload.service';
import { ErrorReply, withCommonQuery } from './common-query';
import { originOf } from './origin';

const TUS_PATH = '/st/4/tus';
const SESSION_HEADER = 'x-nordlys-tus-session';
const TUS_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** tus hooks answer failures as `{ status_code, body }`; ours become the same `{ error }` JSON. */
function tusError(error: unknown): { status_code: number; body: string } {
  if (error instanceof DomainError) {
    return { status_code: STATUS_BY_KIND[error.kind], body: JSON.stringify({ error: error.message }) };
  }
  return { status_code: 500, body: JSON.stringify({ error: 'Internal Server Error' }) };
}

/**
 * tus 1.0 with creation, termination and expiration at /st/4/tus, and the outcome of an upload
 * for a client that reloaded. This is the protocol's edge: every request is authenticated here
 * and handed to the tus server, whose hooks call the resumable-upload service.
 */
export async function tusRoutes(
  app: FastifyInstance,
  { resumable, publicUrl }: { resumable: ResumableUploadService; publicUrl: string | null },
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // The origins the request being handled may be answered to: the app's own (the one it was
  // reached at) and PUBLIC_URL's. tus asks with the Origin header alone, so the request's own
  // origin travels with its handling.
  const ownOrigins = new AsyncLocalStorage<string[]>();
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : null;
  // Sessions of requests being handled, looked up by a random key the route puts on the request.
  const sessions = new Map<string, SignedInCaller>();

  const sessionOf = (req: { headers: Headers }): SignedInCaller => {
    const session = sessions.get(req.headers.get(SESSION_HEADER) ?? '');
    if (!session) throw { status_code: 401, body: JSON.stringify({ error: 'Unauthorized' }) };
    return session;
  };

  // The tus server loads with the first resumable upload: most processes never see one, and it
  // costs about 15 MB resident.
  let loading: Promise<Server> | undefined;
  const tusReady = () => {
    loading ??= buildTus();
    return loading;
  };

  async function buildTus() {
    const [{ Server }, datastore] = await Promise.all([import('@tus/server'), resumable.datastore()]);
    return new Server({
      path: TUS_PATH,
      datastore,
      maxSize: MAX_UPLOAD_BYTES,
      // A relative Location resolves against the URL the client used, so no Host or X-Forwarded-*
      // header (which a client can set) decides where the upload continues.
      relativeLocation: true,
      exposedHeaders: [FILE_ID_HEADER],
      // Without this tus answers `Access-Control-Allow-Origin: *`, letting any site's scripts read
      // the answers; the web client is served from our own origin.
      allowedOrigins: (origin) => ownOrigins.getStore()?.includes(origin) ?? false,
      async onUploadCreate(req, upload) {
        const session = sessionOf(req);
        try {
          const size = upload.sizeIsDeferred ? undefined : upload.size;
          return { metadata: await resumable.begin(session, { metadata: upload.metadata, size }) };
        } catch (error) {
          throw tusError(error);
        }
      },
      async onUploadFinish(req, upload) {
        const session = sessionOf(req);
        try {
          return { headers: { [FILE_ID_HEADER]: await resumable.finish(session, upload) } };
        } catch (error) {
          throw tusError(error);
        }
      },
    });
  }

  /** The upload id in a tus URL, if any, must be one of the caller's. */
  async function assertOwnUpload(request: FastifyRequest, session: SignedInCaller): Promise<void> {
    const rest = request.url.split('?')[0]?.slice(TUS_PATH.length).replace(/^\/+/, '') ?? '';
    if (rest === '') return;
    if (!TUS_ID_PATTERN.test(rest)) throw notFound();
    await resumable.assertOwnUpload(session, rest);
  }

  await app.register(async (scope) => {
    // The PATCH body is the file itself: left unread for tus to stream.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const tus = await tusReady();
      const origins = [originOf(request, null), ...(publicOrigin ? [publicOrigin] : [])];
      const handle = () => ownOrigins.run(origins, () => tus.handle(request.raw, reply.raw));
      if (request.method === 'OPTIONS') {
        reply.hijack();
        await handle();
        return;
      }
      const session = await request.requireSession();
      await assertOwnUpload(request, session);
      const key = randomBytes(16).toString('hex');
      sessions.set(key, session);
      // tus reads headers from both views of the node request; a client-sent value is replaced in each.
      const raw = request.raw.rawHeaders;
      for (let i = raw.length - 2; i >= 0; i -= 2) {
        if (raw[i]?.toLowerCase() === SESSION_HEADER) raw.splice(i, 2);
      }
      raw.push(SESSION_HEADER, key);
      request.raw.headers[SESSION_HEADER] = key;
      reply.hijack();
      try {
        await handle();
      } finally {
        sessions.delete(key);
      }
    };
    const methods = ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'] as const;
    scope.route({ method: [...methods], url: TUS_PATH, handler, schema: { hide: true } });
    scope.route({ method: [...methods], url: `${TUS_PATH}/*`, handler, schema: { hide: true } });
  });

  api.get(
    '/st/4/uploads/:tusId',
    {
      schema: {
        tags: ['upload'],
        summary: 'How a resumable upload ended, for a client that reloaded',
        params: Type.Object({ tusId: Type.String({ pattern: TUS_ID_PATTERN.source }) }),
        querystring: withCommonQuery(),
        response: { 200: TusUploadStatus, '4xx': ErrorReply },
      },
    },
    async (request) => {
      const session = await request.requireSession();
      return resumable.outcome(session, request.params.tusId);
    },
  );
}
