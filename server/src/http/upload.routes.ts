import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MAX_UPLOAD_BYTES } from '@nordlys/contract/constants';
import { DedupReply, DedupRequest, FileRecord } from '@nordlys/contract/file';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { badRequest } from '../domain/errors';
import type { DedupService } from '../services/dedup.service';
import type { UploadService } from '../services/upload.service';
import { ErrorReply, withCommonQuery } from './common-query';
import { reclaimedBody } from './reclaimed-body';

const JobParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

const FIELD_SIZE_LIMIT = 4096;
const FIELD_COUNT_LIMIT = 16;
/** Multipart framing and text fields on top of the file's own bytes, at most. */
const MULTIPART_OVERHEAD = FIELD_COUNT_LIMIT * (FIELD_SIZE_LIMIT + 512) + 4096;

export interface UploadRoutesOptions {
  uploads: UploadService;
  dedup: DedupService;
}

/** Aborts when the client goes away before the reply is sent. */
function abortOnClientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('client closed the connection'));
  };
  reply.raw.once('close', onClose);
  request.raw.once('close', () => {
    if (!request.raw.complete) onClose();
  });
  return controller.signal;
}

export async function uploadRoutes(app: FastifyInstance, { uploads, dedup }: UploadRoutesOptions) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Registered here, not globally, so that no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: FIELD_COUNT_LIMIT, fieldSize: FIELD_SIZE_LIMIT },
  });

  api.post(
    '/st/4/jobs/:id/upload',
    {
      schema: {
        tags: ['upload'],
        summary:
          'Upload one file (multipart: text fields path, mtime, ctime, taken_at, policy, group_*, master, checksum, then file)',
        description:
          'mtime, ctime and taken_at are epoch seconds, or milliseconds when above 1e11. taken_at, when sent, ' +
          "is the capture time over the bytes' own (an edited copy keeps its original's). checksum is optional: the " +
          "file's SHA-256 as 64 hexadecimal digits; when it is sent and the bytes hash otherwise, the upload " +
          'answers 400 "checksum does not match the uploaded bytes" and nothing is stored or counted. ' +
          "The text fields must come before the file part. The job is the caller's timeline or album, or a " +
          "shared album they joined that allows uploads (403 otherwise); the file counts against the uploader's quota.",
        params: JobParams,
        querystring: withCommonQuery(),
        response: { 200: FileRecord, 201: FileRecord, '4xx': ErrorReply },
      },
    },
    async (request, reply) => {
      const session = await request.requireSession();
      if (!request.isMultipart()) throw badRequest('Content-Type must be multipart/form-data');
      const declared = Number(request.headers['content-length']);
      const body = reclaimedBody(request.raw);
      try {
        const parts = request.parts();
        const { file, created } = await uploads.receive(
          session,
          request.params.id,
          body ? body.follow(parts) : parts,
          {
            // The declared length bounds the file from above: even the smallest file it could hold
            // is held to the limits before a byte is read.
            minimumFileSize: Number.isFinite(declared)
              ? Math.max(1, declared - MULTIPART_OVERHEAD)
              : undefined,
            signal: abortOnClientGone(request, reply),
            onChunkStored: body?.release,
          },
        );
        return reply.status(created ? 201 : 200).send(file);
      } finally {
        body?.stop();
      }
    },
  );

  api.post(
    '/st/4/jobs/:id/files_dedup',
    {
      schema: {
        tags: ['upload'],
        summary: 'Link a new file to bytes the caller already has, or learn that an upload is needed',
        description:
          'How a timeline file is added to an album: no bytes move and the content counts once against ' +
          "used_space. The job may be the caller's own, or a shared album they joined that allows uploads " +
          "(403 otherwise). Answers the new entry's uuid.",
        params: JobParams,
        querystring: withCommonQuery(),
        body: DedupRequest,
        response: { 200: DedupReply, '4xx': ErrorReply },
      },
    },
    async (request) => {
      const session = await request.requireSession();
      return dedup.dedup(session, request.params.id, request.body);
    },
  );
}
