import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MAX_UPLOAD_BYTES } from '@nordlys/contract/constants';
import { DedupReply, DedupRequest, FileRecord, type UploadPolicy } from '@nordlys/contract/file';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { badRequest } from '../domain/errors';
import type { DedupService } from '../services/dedup.service';
import type { FileService } from '../services/file.service';
import type { UploadFields, UploadService } from '../services/upload.service';
import { ErrorReply, withCommonQuery } from './common-query';

const JobParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

const FIELD_SIZE_LIMIT = 4096;
const FIELD_COUNT_LIMIT = 16;
/** Multipart framing and text fields on top of the file's own bytes, at most. */
const MULTIPART_OVERHEAD = FIELD_COUNT_LIMIT * (FIELD_SIZE_LIMIT + 512) + 4096;

export interface UploadRoutesOptions {
  uploads: UploadService;
  dedup: DedupService;
  files: FileService;
}

function parseNumberField(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw badRequest(`${name} must be a non-negative number`);
  return value;
}

/** Multipart text fields, checked one by one so that the reply names the field at fault. */
export function uploadFieldsFrom(raw: Record<string, string>): UploadFields {
  const policy = raw.policy || undefined;
  if (policy !== undefined && policy !== 'no_duplicates' && policy !== 'keep_both') {
    throw badRequest("policy must be 'no_duplicates' or 'keep_both'");
  }
  const groupType = raw.group_type || null;
  if (groupType !== null && groupType !== 'live' && groupType !== 'burst') {
    throw badRequest("group_type must be 'live' or 'burst'");
  }
  if ((raw.group_id ?? '').length > 255) throw badRequest('group_id must be at most 255 characters');
  const master = raw.master;
  if (master !== undefined && !['1', '0', 'true', 'false', ''].includes(master)) {
    throw badRequest("master must be '1' or '0'");
  }
  return {
    path: raw.path,
    mtime: parseNumberField('mtime', raw.mtime),
    ctime: parseNumberField('ctime', raw.ctime),
    policy: policy as UploadPolicy | undefined,
    groupType,
    groupId: raw.group_id || null,
    master: master === '1' || master === 'true',
  };
}

/** Aborts when the client goes away before the reply is sent. */
export function abortOnClientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
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

export async function uploadRoutes(app: FastifyInstance, { uploads, dedup, files }: UploadRoutesOptions) {
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
          'Upload one file (multipart: text fields path, mtime, ctime, policy, group_*, master, then file)',
        description:
          'mtime and ctime are epoch seconds, or milliseconds when above 1e11. The text fields must come before the file part.',
        params: JobParams,
        querystring: withCommonQuery(),
        response: { 200: FileRecord, 201: FileRecord, '4xx': ErrorReply },
      },
    },
    async (request, reply) => {
      const session = await request.requireSession();
      if (!request.isMultipart()) throw badRequest('Content-Type must be multipart/form-data');
      const signal = abortOnClientGone(request, reply);
      const declared = Number(request.headers['content-length']);
      const raw: Record<string, string> = {};
      let answered: { file: FileRecord; created: boolean } | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (answered) continue;
          raw[part.fieldname] = String(part.value);
          continue;
        }
        // Failures are read by the ingest; until it runs, an early one must not go unhandled.
        part.file.on('error', () => undefined);
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest(`unexpected file part '${part.fieldname}' (expected 'file')`);
        }
        if (raw.path === undefined) {
          part.file.resume();
          throw badRequest('path is required (text fields must come before the file part)');
        }
        const fields = uploadFieldsFrom(raw);
        // The declared length bounds the file from above; refuse before reading when even the
        // smallest file it could hold is over the limits.
        const minimumFileSize = Number.isFinite(declared)
          ? Math.max(1, declared - MULTIPART_OVERHEAD)
          : undefined;
        const prepared = await uploads.prepare(session, request.params.id, fields).catch((error) => {
          part.file.resume();
          throw error;
        });
        if (minimumFileSize !== undefined && minimumFileSize > prepared.remaining) {
          part.file.resume();
          await uploads.prepare(session, request.params.id, fields, minimumFileSize);
        }
        const result = await uploads.ingest(session, prepared, part.file, { signal });
        answered = { file: files.toRecord(result.file), created: result.created };
      }
      if (!answered) throw badRequest('file is required');
      return reply.status(answered.created ? 201 : 200).send(answered.file);
    },
  );

  api.post(
    '/st/4/jobs/:id/files_dedup',
    {
      schema: {
        tags: ['upload'],
        summary: 'Link a new file to bytes the caller already has, or learn that an upload is needed',
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
