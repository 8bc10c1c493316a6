import { randomBytes } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MAX_UPLOAD_BYTES } from '@nordlys/contract/constants';
import { FILE_ID_HEADER, TusUploadStatus } from '@nordlys/contract/file';
import type { Server, Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { BlobStore } from '../blobs/blob-store';
import { DomainError, notFound, STATUS_BY_KIND } from '../domain/errors';
import type { Session } from '../services/auth.service';
import type { FileService } from '../services/file.service';
import type { UploadFields, UploadService } from '../services/upload.service';
import type { TusUploadRepository } from '../store/repositories/tus-upload.repository';
import { ErrorReply, withCommonQuery } from './common-query';
import type { TusBlobDatastore } from './tus-blob-datastore';

export const TUS_PATH = '/st/4/tus';
export const TUS_EXPIRY_MS = 24 * 60 * 60 * 1000;
const SESSION_HEADER = 'x-nordlys-tus-session';
const TUS_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export interface TusRoutesOptions {
  uploads: UploadService;
  files: FileService;
  blobs: BlobStore;
  repo: TusUploadRepository;
  clock: () => number;
}

/** tus hooks answer failures as `{ status_code, body }`; ours become the same `{ error }` JSON. */
function tusError(error: unknown): { status_code: number; body: string } {
  if (error instanceof DomainError) {
    return { status_code: STATUS_BY_KIND[error.kind], body: JSON.stringify({ error: error.message }) };
  }
  return { status_code: 500, body: JSON.stringify({ error: 'Internal Server Error' }) };
}

function fieldsFrom(metadata: Upload['metadata']): {
  jobId: string;
  fields: UploadFields;
  checksum?: string;
} {
  const meta = metadata ?? {};
  const mtime = meta.mtime ? Number(meta.mtime) : undefined;
  return {
    jobId: meta.job_id || 'default',
    fields: {
      path: meta.path || meta.filename || undefined,
      mtime: mtime !== undefined && Number.isFinite(mtime) ? mtime : undefined,
      policy: 'keep_both',
    },
    checksum: meta.checksum || undefined,
  };
}

/**
 * Resumable uploads (tus 1.0 with creation, termination and expiration): files above the
 * configured threshold upload in PATCH chunks and survive a dropped connection or a reload, on
 * any API process (state in the database, bytes in the blob store). When the last byte arrives
 * the file goes through the same ingest as a multipart upload (hash, content, file row, usage,
 * serial), the parts are deleted, and the outcome is kept a day for a client that reloaded.
 */
export async function tusRoutes(
  app: FastifyInstance,
  { uploads, files, blobs, repo, clock }: TusRoutesOptions,
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Sessions of requests being handled, looked up by a random key the route puts on the request.
  const sessions = new Map<string, Session>();

  const sessionOf = (req: { headers: Headers }): Session => {
    const session = sessions.get(req.headers.get(SESSION_HEADER) ?? '');
    if (!session) throw { status_code: 401, body: JSON.stringify({ error: 'Unauthorized' }) };
    return session;
  };

  // The tus server loads with the first resumable upload: most processes never see one, and it
  // costs about 15 MB resident.
  let loading: Promise<{ tus: Server; datastore: TusBlobDatastore }> | undefined;
  const tusReady = () => {
    loading ??= buildTus();
    return loading;
  };

  async function buildTus() {
    const [{ Server }, { TusBlobDatastore }] = await Promise.all([
      import('@tus/server'),
      import('./tus-blob-datastore'),
    ]);
    const datastore = new TusBlobDatastore({ blobs, repo, expiryMs: TUS_EXPIRY_MS, clock });
    const tus = new Server({
      path: TUS_PATH,
      datastore,
      maxSize: MAX_UPLOAD_BYTES,
      // A relative Location resolves against the URL the client used, so no Host or X-Forwarded-*
      // header (which a client can set) decides where the upload continues.
      relativeLocation: true,
      exposedHeaders: [FILE_ID_HEADER],
      async onUploadCreate(req, upload) {
        const session = sessionOf(req);
        const { jobId, fields } = fieldsFrom(upload.metadata);
        try {
          // The quota and every other check that needs no bytes, from Upload-Length, before any is sent.
          await uploads.prepare(session, jobId, fields, upload.sizeIsDeferred ? undefined : upload.size);
        } catch (error) {
          throw tusError(error);
        }
        // The owner is recorded by the server, over anything the client sent under that key.
        return { metadata: { ...upload.metadata, user_id: session.userId } };
      },
      async onUploadFinish(req, upload) {
        const session = sessionOf(req);
        const { jobId, fields, checksum } = fieldsFrom(upload.metadata);
        await repo.setStatus(upload.id, 'processing', {}, clock());
        try {
          const prepared = await uploads.prepare(session, jobId, fields);
          const { file } = await uploads.ingest(session, prepared, datastore.read(upload.id), {
            size: upload.size,
            expectedSha256: checksum,
          });
          await repo.setStatus(upload.id, 'done', { fileId: file.id }, clock());
          await datastore.removeParts(upload.id).catch(() => undefined);
          return { headers: { [FILE_ID_HEADER]: file.id } };
        } catch (error) {
          const failure = tusError(error);
          const message = (JSON.parse(failure.body) as { error: string }).error;
          await repo.setStatus(upload.id, 'failed', { error: message }, clock());
          await datastore.removeParts(upload.id).catch(() => undefined);
          throw failure;
        }
      },
    });
    return { tus, datastore };
  }

  /** The upload id in a tus URL, if any; an upload belongs to the user who created it. */
  async function assertOwnUpload(request: FastifyRequest, session: Session): Promise<void> {
    const rest = request.url.split('?')[0]?.slice(TUS_PATH.length).replace(/^\/+/, '') ?? '';
    if (rest === '') return;
    if (!TUS_ID_PATTERN.test(rest)) throw notFound();
    const { datastore } = await tusReady();
    const upload = await datastore.getUpload(rest).catch(() => null);
    if (!upload || upload.metadata?.user_id !== session.userId) throw notFound();
  }

  await app.register(async (scope) => {
    // The PATCH body is the file itself: left unread for tus to stream.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const { tus } = await tusReady();
      if (request.method === 'OPTIONS') {
        reply.hijack();
        await tus.handle(request.raw, reply.raw);
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
        await tus.handle(request.raw, reply.raw);
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
      const record = await repo.find(request.params.tusId);
      if (!record || record.user_id !== session.userId) throw notFound();
      if (record.status === 'done' && record.file_id) {
        const file = await files.getFileById(session.userId, record.file_id).catch(() => null);
        return file
          ? { status: 'done' as const, file }
          : { status: 'failed' as const, error: 'file was deleted' };
      }
      if (record.status === 'failed')
        return { status: 'failed' as const, error: record.error ?? 'upload failed' };
      return { status: 'processing' as const };
    },
  );

  // Incomplete uploads expire after a day; outcomes are kept a day after their upload ended.
  const sweep = async () => {
    const cutoff = clock() - TUS_EXPIRY_MS;
    if ((await repo.stale(cutoff, cutoff)).length === 0) return;
    await (await tusReady()).datastore.deleteExpired();
  };
  const timer = setInterval(() => void sweep().catch(() => undefined), 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
