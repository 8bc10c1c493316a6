import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CastItemReply } from '@nordlys/contract/cast-item';
import { EncodingStatus, FileMetadata, FileRecord } from '@nordlys/contract/file';
import { PlainText } from '@nordlys/contract/plain-text';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { MAX_PATH_LENGTH } from '../domain/file-path';
import type { FileService } from '../services/file.service';
import { callerOf } from './caller';
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
      const viewer = await callerOf(request);
      const { id, fileId } = request.params;
      if (request.query.sub === 'v-check') {
        return { encodingStatus: await files.encodingStatus(viewer, id, fileId) };
      }
      return files.getFile(viewer, id, fileId);
    },
  );

  api.get(
    '/st/4/jobs/:id/files_by_id/:fileId/cast_item',
    {
      schema: {
        tags: ['files'],
        summary: 'A file for a TV receiver: a URL signed for this file alone, valid for an hour',
        description:
          'Pictures are sent as JPEG and movies as their web encode; documents answer 422. The URL ' +
          'carries no token of the caller and opens nothing but this file.',
        params: FileParams,
        querystring: withCommonQuery(),
        response: { 200: CastItemReply, '4xx': ErrorReply },
      },
    },
    async (request) => {
      const viewer = await callerOf(request);
      return files.castItem(viewer, request.params.id, request.params.fileId);
    },
  );

  api.delete(
    '/st/4/jobs/:id/files_by_id/:fileId',
    {
      schema: {
        tags: ['files'],
        summary: 'Delete a file (to the trash); answers the caller’s used_space',
        description:
          "The job's owner or the file's uploader may delete (other readers of an album get 403). " +
          "Removing an album's last file moves the album to the trash too.",
        params: FileParams,
        querystring: withCommonQuery(),
        response: { 200: Type.Object({ used_space: Type.Number() }), '4xx': ErrorReply },
      },
    },
    async (request) => {
      const session = await request.requireSession();
      const { usedSpace } = await files.deleteFile(session, request.params.id, request.params.fileId);
      return { used_space: usedSpace };
    },
  );

  api.get(
    '/st/4/jobs/:id/metadata/*',
    {
      schema: {
        tags: ['files'],
        summary: 'Camera metadata of the file at a path (URL-encoded) in the job',
        description:
          'A path may hold several files in one job (keep_both uploads); the answer is always the ' +
          'newest live one: the latest upload, and of files uploaded in the same millisecond the one ' +
          'added to the job last.',
        params: Type.Object({
          id: Type.String({ minLength: 1, maxLength: 64 }),
          '*': PlainText({ maxLength: MAX_PATH_LENGTH }),
        }),
        querystring: withCommonQuery(),
        response: { 200: FileMetadata, '4xx': ErrorReply },
      },
    },
    async (request) => {
      return files.metadata(await callerOf(request), request.params.id, request.params['*']);
    },
  );
}
