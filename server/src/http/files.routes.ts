import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { EncodingStatus, FileMetadata, FileRecord } from '@nordlys/contract/file';
import { PlainText } from '@nordlys/contract/plain-text';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { forbidden } from '../domain/errors';
import { MAX_PATH_LENGTH } from '../domain/file-path';
import type { FileService } from '../services/file.service';
import { ErrorReply, withCommonQuery } from './common-query';

const FileParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  fileId: Type.String({ minLength: 1, maxLength: 64 }),
});

export async function filesRoutes(app: FastifyInstance, { files }: { files: FileService }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/st/4/jobs/:id/files_by_id/:fileId',
    {
      schema: {
        tags: ['files'],
        summary: 'One file; with sub=v-check only its encoding status',
        params: FileParams,
        querystring: withCommonQuery({ sub: Type.Optional(Type.Literal('v-check')) }),
        response: {
          200: Type.Union([FileRecord, Type.Object({ encodingStatus: EncodingStatus })]),
          '4xx': ErrorReply,
        },
      },
    },
    async (request) => {
      const session = await request.requireSession();
      const { id, fileId } = request.params;
      if (request.query.sub === 'v-check') {
        return { encodingStatus: await files.encodingStatus(session.userId, id, fileId) };
      }
      return files.getFile(session.userId, id, fileId);
    },
  );

  api.delete(
    '/st/4/jobs/:id/files_by_id/:fileId',
    {
      schema: {
        tags: ['files'],
        summary: 'Delete a file (to the trash); answers the caller’s used_space',
        params: FileParams,
        querystring: withCommonQuery(),
        response: { 200: Type.Object({ used_space: Type.Number() }), '4xx': ErrorReply },
      },
    },
    async (request) => {
      const session = await request.requireSession();
      if (session.isReadOnly) throw forbidden('read_only_user');
      const { usedSpace } = await files.deleteFile(session.userId, request.params.id, request.params.fileId);
      return { used_space: usedSpace };
    },
  );

  api.get(
    '/st/4/jobs/:id/metadata/*',
    {
      schema: {
        tags: ['files'],
        summary: 'Camera metadata of the file at a path (URL-encoded) in the job',
        params: Type.Object({
          id: Type.String({ minLength: 1, maxLength: 64 }),
          '*': PlainText({ maxLength: MAX_PATH_LENGTH }),
        }),
        querystring: withCommonQuery(),
        response: { 200: FileMetadata, '4xx': ErrorReply },
      },
    },
    async (request) => {
      const session = await request.requireSession();
      return files.metadata(session.userId, request.params.id, request.params['*']);
    },
  );
}
