import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../domain/errors';
import type { MediaDeliveryService, ThumbnailDelivery } from '../services/media-delivery.service';
import { ErrorReply, MediaId, SignedQuery, withCommonQuery } from './common-query';

const ThumbQuery = withCommonQuery({
  area: Type.Union([Type.Literal(256), Type.Literal(512), Type.Literal(1280)], {
    description: '256 (thumbURLSmall), 512 (thumbURLTile) or 1280 (thumbURLLarge)',
  }),
  ...SignedQuery,
  // The spec's share parameter: the URL is signed for that share and opens its files only.
  share: Type.Optional(Type.String({ maxLength: 64 })),
});

/**
 * A thumbnail still being made answers 503 with Retry-After (an `<img>` can do nothing with a 202,
 * and a 503 is not cached); a failed one answers 404 `thumbnail failed`, so the client's `<img>`
 * errors and shows its placeholder. A stand-in (the large thumbnail for a tile not made yet) is
 * sent uncached, so the tile replaces it once it exists.
 */
async function sendThumb(request: FastifyRequest, reply: FastifyReply, thumb: ThumbnailDelivery) {
  if (thumb.status === 'pending') {
    return reply
      .status(503)
      .header('retry-after', '1')
      .header('cache-control', 'no-store')
      .send({ error: 'thumbnail pending' });
  }
  const cached = () =>
    reply.header('etag', thumb.etag).header('cache-control', `public, max-age=${thumb.maxAge}, immutable`);
  if (request.headers['if-none-match'] === thumb.etag) return cached().status(304).send();
  const bytes = await thumb.open();
  if (!bytes) {
    reply.header('cache-control', 'no-store');
    throw notFound('thumbnail missing');
  }
  if (bytes.standIn) reply.header('cache-control', 'no-store');
  else cached();
  return reply.type(thumb.mime).header('x-content-type-options', 'nosniff').send(bytes.stream);
}

/** `GET /th/3/{fileId}` and `/th/3/trash/{jobId}/{fileId}`: thumbnail bytes for a signed URL. */
export async function thumbnailRoutes(app: FastifyInstance, { media }: { media: MediaDeliveryService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const responses = { 400: ErrorReply, 403: ErrorReply, 404: ErrorReply, 503: ErrorReply };

  r.get(
    '/th/3/:fileId',
    {
      schema: {
        tags: ['media'],
        summary: 'A thumbnail, by signed URL (thumbURLSmall / thumbURLTile / thumbURLLarge)',
        params: Type.Object({ fileId: MediaId }),
        querystring: ThumbQuery,
        response: responses,
      },
    },
    async (request, reply) =>
      sendThumb(
        request,
        reply,
        await media.thumbnail(request.params.fileId, request.query.area, request.query),
      ),
  );

  r.get(
    '/th/3/trash/:jobId/:fileId',
    {
      schema: {
        tags: ['media'],
        summary: "A trashed file's thumbnail, by signed URL",
        params: Type.Object({ jobId: MediaId, fileId: MediaId }),
        querystring: ThumbQuery,
        response: responses,
      },
    },
    async (request, reply) => {
      const { jobId, fileId } = request.params;
      return sendThumb(
        request,
        reply,
        await media.trashThumbnail(jobId, fileId, request.query.area, request.query),
      );
    },
  );
}
