import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MAX_UPLOAD_BYTES } from '@nordlys/contract/constants';
import { FILE_ID_HEADER, TusUploadStatus } from '@nordlys/contract/file';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DomainError, notFound, STATUS_BY_KIND } from '../domain/errors';
import type { Session } from '../services/auth.service';
import type { FileService } from '../services/file.service';
import type { UploadFields, UploadService } from '../services/upload.service';
import { ErrorReply, withCommonQuery } from './common-query';

export const TUS_PATH = '/st/4/tus';
export const TUS_EXPIRY_MS = 24 * 60 * 60 * 1000;
const SESSION_HEADER = 'x-nordlys-tus-session';
const TUS_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export interface TusRoutesOptions {
  uploads: UploadService;
  files: FileService;
  dataDir: string;
  clock: () => number;
}

interface StatusRecord {
  userId: string;
  status: 'processing' | 'done' | 'failed';
  fileId?: string;
  error?: string;
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
 * FileStore creates its folder from its constructor with a callback that throws, uncaught, if the
 * folder's parent disappears meanwhile (a data dir removed right after start, as tests do). The
 * folder is created and awaited before construction here, so that check is switched off.
 */
class StagingFileStore extends FileStore {}
(StagingFileStore.prototype as unknown as { checkOrCreateDirectory(): void }).checkOrCreateDirectory =
  () => {};

/**
 * Resumable uploads (tus 1.0 with creation, termination and expiration): files above the
 * configured threshold upload in PATCH chunks to DATA_DIR/tus and survive a dropped connection
 * or a reload. When the last byte arrives the file goes through the same ingest as a multipart
 * upload (hash, content, file row, usage, serial) and the tus file is deleted. The staging is this
 * process's disk, also with S3: one upload's requests must reach one process.
 */
export async function tusRoutes(app: FastifyInstance, { uploads, files, dataDir }: TusRoutesOptions) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const directory = path.join(dataDir, 'tus');
  const statusDir = path.join(dataDir, 'tus-status');
  await mkdir(directory, { recursive: true });
  await mkdir(statusDir, { recursive: true });
  const datastore = new StagingFileStore({ directory, expirationPeriodInMilliseconds: TUS_EXPIRY_MS });
  // Sessions of requests being handled, looked up by a random key the route puts on the request.
  const sessions = new Map<string, Session>();

  const statusFile = (id: string) => path.join(statusDir, `${id}.json`);
  const writeStatus = (id: string, record: StatusRecord) => writeFile(statusFile(id), JSON.stringify(record));
  async function readStatus(id: string): Promise<StatusRecord | null> {
    try {
      return JSON.parse(await readFile(statusFile(id), 'utf8')) as StatusRecord;
    } catch {
      return null;
    }
  }

  const sessionOf = (req: { headers: Headers }): Session => {
    const session = sessions.get(req.headers.get(SESSION_HEADER) ?? '');
    if (!session) throw { status_code: 401, body: JSON.stringify({ error: 'Unauthorized' }) };
    return session;
  };

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
      await writeStatus(upload.id, { userId: session.userId, status: 'processing' });
      try {
        const prepared = await uploads.prepare(session, jobId, fields);
        const source = path.join(directory, upload.id);
        const { file } = await uploads.ingest(session, prepared, createReadStream(source), {
          size: upload.size,
          expectedSha256: checksum,
        });
        await writeStatus(upload.id, { userId: session.userId, status: 'done', fileId: file.id });
        await datastore.remove(upload.id).catch(() => undefined);
        return { headers: { [FILE_ID_HEADER]: file.id } };
      } catch (error) {
        const failure = tusError(error);
        await writeStatus(upload.id, {
          userId: session.userId,
          status: 'failed',
          error: (JSON.parse(failure.body) as { error: string }).error,
        });
        await datastore.remove(upload.id).catch(() => undefined);
        throw failure;
      }
    },
  });

  /** The upload id in a tus URL, if any; an upload belongs to the user who created it. */
  async function assertOwnUpload(request: FastifyRequest, session: Session): Promise<void> {
    const rest = request.url.split('?')[0]?.slice(TUS_PATH.length).replace(/^\/+/, '') ?? '';
    if (rest === '') return;
    if (!TUS_ID_PATTERN.test(rest)) throw notFound();
    const upload = await datastore.getUpload(rest).catch(() => null);
    if (!upload || upload.metadata?.user_id !== session.userId) throw notFound();
  }

  await app.register(async (scope) => {
    // The PATCH body is the file itself: left unread for tus to stream.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
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
      const record = await readStatus(request.params.tusId);
      if (!record || record.userId !== session.userId) {
        const upload = await datastore.getUpload(request.params.tusId).catch(() => null);
        if (upload?.metadata?.user_id === session.userId) return { status: 'processing' as const };
        throw notFound();
      }
      if (record.status === 'done' && record.fileId) {
        const file = await files.getFileById(session.userId, record.fileId).catch(() => null);
        return file
          ? { status: 'done' as const, file }
          : { status: 'failed' as const, error: 'file was deleted' };
      }
      return { status: record.status, ...(record.error ? { error: record.error } : {}) };
    },
  );

  // Incomplete uploads expire after a day; status notes are kept a day after their upload ended.
  const sweep = async () => {
    await tus.cleanUpExpiredUploads().catch(() => 0);
    const cutoff = Date.now() - TUS_EXPIRY_MS;
    for (const name of await readdir(statusDir).catch(() => [] as string[])) {
      const file = path.join(statusDir, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
    }
  };
  const timer = setInterval(() => void sweep(), 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
