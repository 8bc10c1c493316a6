import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PROFILE_PICTURE_MAX_BYTES, ProfilePictureResponse } from '@nordlys/contract/account';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../config';
import { badRequest } from '../domain/errors';
import type { ProfileService } from '../services/profile.service';
import { CommonQuery, ErrorReply } from './common-query';
import { originOf } from './origin';

/** Upload (multipart field `file`) and the capability URL the picture is served from. */
export async function profilePictureRoutes(
  app: FastifyInstance,
  { config, profiles }: { config: Pick<Config, 'publicUrl'>; profiles: ProfileService },
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Scoped to this plugin, so no other route accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 4 } });

  api.post(
    '/st/4/profile_picture',
    {
      schema: {
        tags: ['account'],
        summary: 'Set the profile picture (multipart field `file`, an image of at most 10 MB)',
        querystring: CommonQuery,
        consumes: ['multipart/form-data'],
        response: { 201: ProfilePictureResponse, 400: ErrorReply, 401: ErrorReply, 413: ErrorReply },
      },
    },
    async (request, reply) => {
      const session = await request.requireSession();
      if (!request.isMultipart()) throw badRequest('Content-Type must be multipart/form-data');
      let upload: Buffer | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          // toBuffer() rejects with 413 past the size limit.
          const bytes = await part.toBuffer();
          if (part.fieldname === 'file') upload = bytes;
        }
      }
      if (!upload) throw badRequest('body.file is required');
      const url = await profiles.setProfilePicture(
        session.userId,
        upload,
        originOf(request, config.publicUrl),
      );
      return reply.status(201).send({ profile_picture_url: url });
    },
  );

  api.get(
    '/st/4/profile_picture/:userId/:file',
    {
      schema: {
        tags: ['account'],
        summary: 'A profile picture; the random version in the URL is what grants access, so no auth',
        params: Type.Object({
          userId: Type.String({ maxLength: 64 }),
          file: Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_-]+\\.jpg$' }),
        }),
        querystring: CommonQuery,
      },
    },
    async (request, reply) => {
      const version = request.params.file.slice(0, -'.jpg'.length);
      const stream = await profiles.openProfilePicture(request.params.userId, version);
      if (!stream) return reply.status(404).send({ error: 'Not found' });
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type('image/jpeg')
        .send(stream);
    },
  );
}
