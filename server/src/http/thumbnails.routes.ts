import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { BlobStore } from '../blobs/blob-store';
import { BlobNotFoundError } from '../blobs/blob-store';
import { forbidden, notFound } from '../domain/errors';
import { THUMB_FORMAT, thumbKey } from '../media/derived-blob-keys';
import type { MediaUrls, SignedPurpose, ThumbArea } from '../media/media-urls';
import type {
  ContentProcessingRepository,
  MediaFileRow,
} from '../store/repositories/content-processing.repository';
import { ErrorReply, withCommonQuery } from './common-query';

export interface MediaRoutesOptions {
  repo: ContentProcessingRepository;
  blobs: BlobStore;
  urls: MediaUrls;
  clock: () => number;
}

export const INVALID_SIGNATURE = 'invalid signature';

const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** `exp` and `sig` are optional in the schema so a missing one is a refused signature (403), not a 400. */
export const SignedQuery = {
  exp: Type.Optional(Type.Integer({ minimum: 0 })),
  sig: Type.Optional(Type.String({ maxLength: 128 })),
};

const ThumbQuery = withCommonQuery({
  area: Type.Union([Type.Literal(256), Type.Literal(1280)]),
  ...SignedQuery,
  // The spec's share parameter: the signature already carries the right to read, so it is accepted
  // and ignored rather than refused.
  share: Type.Optional(Type.String({ maxLength: 128 })),
});

/** Seconds until `exp`: the URL can be cached exactly as long as it stays valid. */
export function maxAgeUntil(exp: number, now: number): number {
  return Math.max(0, Math.floor(exp - now / 1000));
}

/** What a live file's media URLs are checked against: the grant of the file's own job. */
export const ownJobGrant = (file: MediaFileRow): SignedPurpose => ({ kind: 'job', jobId: file.jobId });

/** The file behind a signed URL, or 403 when the signature does not hold for it. */
export async function verifiedFile(
  { repo, urls }: MediaRoutesOptions,
  fileId: string,
  purpose: (file: MediaFileRow) => SignedPurpose,
  query: { exp?: number; sig?: string },
): Promise<MediaFileRow> {
  const file = await repo.findMediaFile(fileId);
  // An unknown file answers like a bad signature, so URLs cannot be used to probe for file ids.
  if (!file || !urls.verify(purpose(file), query.exp, query.sig)) throw forbidden(INVALID_SIGNATURE);
  return file;
}

/**
 * `GET /th/3/{fileId}` and `/th/3/trash/{jobId}/{fileId}`: thumbnail bytes for a signed URL.
 * A thumbnail still being made answers 503 with Retry-After (an `<img>` can do nothing with a 202,
 * and a 503 is not cached); a failed one answers 404 `thumbnail failed`, so the client's `<img>`
 * errors and shows its placeholder.
 */
export async function thumbnailRoutes(app: FastifyInstance, options: MediaRoutesOptions) {
  const { blobs, clock } = options;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  const sendThumb = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: MediaFileRow,
    area: ThumbArea,
    exp: number,
  ) => {
    if (file.mediaKind === 'document' || file.thumbStatus === 'none') throw notFound('no thumbnail');
    if (file.thumbStatus === 'failed') throw notFound('thumbnail failed');
    if (file.thumbStatus === 'pending') {
      return reply
        .status(503)
        .header('retry-after', '1')
        .header('cache-control', 'no-store')
        .send({ error: 'thumbnail pending' });
    }
    const etag = `"${file.sha256}-${area}.${THUMB_FORMAT.ext}"`;
    const cacheControl = `public, max-age=${maxAgeUntil(exp, clock())}, immutable`;
    reply.header('etag', etag).header('cache-control', cacheControl);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    let stream: NodeJS.ReadableStream;
    try {
      stream = await blobs.get(thumbKey(file.sha256, area));
    } catch (error) {
      if (error instanceof BlobNotFoundError) {
        reply.header('cache-control', 'no-store');
        throw notFound('thumbnail missing');
      }
      throw error;
    }
    return reply.type(THUMB_FORMAT.mime).header('x-content-type-options', 'nosniff').send(stream);
  };

  const responses = { 400: ErrorReply, 403: ErrorReply, 404: ErrorReply, 503: ErrorReply };

  r.get(
    '/th/3/:fileId',
    {
      schema: {
        tags: ['media'],
        summary: 'A thumbnail, by signed URL (thumbURLSmall / thumbURLLarge)',
        params: Type.Object({ fileId: Id }),
        querystring: ThumbQuery,
        response: responses,
      },
    },
    async (request, reply) => {
      const { fileId } = request.params;
      const { area } = request.query;
      const file = await verifiedFile(options, fileId, ownJobGrant, request.query);
      // A file moved to the trash is reached through the trash URL only.
      if (file.deletedAt !== null) throw notFound();
      return sendThumb(request, reply, file, area, request.query.exp!);
    },
  );

  r.get(
    '/th/3/trash/:jobId/:fileId',
    {
      schema: {
        tags: ['media'],
        summary: "A trashed file's thumbnail, by signed URL",
        params: Type.Object({ jobId: Id, fileId: Id }),
        querystring: ThumbQuery,
        response: responses,
      },
    },
    async (request, reply) => {
      const { jobId, fileId } = request.params;
      const { area } = request.query;
      const file = await verifiedFile(
        options,
        fileId,
        (f) => ({ kind: 'trash', jobId, fileId, contentSha: f.sha256 }),
        request.query,
      );
      if (file.jobId !== jobId) throw notFound();
      return sendThumb(request, reply, file, area, request.query.exp!);
    },
  );
}
