import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { DeliveredBlob, MediaDeliveryService } from '../services/media-delivery.service';
import { parseRange } from './byte-range';
import { ErrorReply, MediaId, SignedQuery, withCommonQuery } from './common-query';
import { contentDisposition } from './content-disposition';

const Params = Type.Object({ jobId: MediaId, fileId: MediaId });

/** Types a browser may render inline from our origin; everything else is offered as a download. */
const INLINE_SAFE = /^(image\/(?!svg)[\w.+-]+|video\/[\w.+-]+|audio\/[\w.+-]+|application\/pdf|text\/plain)$/;

/**
 * User bytes are served from the app's own origin, so nothing in them may run there: no sniffing,
 * a sandboxing CSP (it only matters when a response is opened as a page; it replaces the app's
 * policy, so it forbids framing itself), and unknown types as attachments.
 */
const USER_CONTENT_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/**
 * Streams a blob (never buffered) honouring one HTTP byte range: 206 with Content-Range, 416 with
 * `bytes *\/size` when nothing is selected, the whole blob otherwise. `If-Range` with another
 * validator falls back to the whole blob, as RFC 9110 requires.
 */
async function sendBlob(request: FastifyRequest, reply: FastifyReply, blob: DeliveredBlob, download = false) {
  const kind = download || !INLINE_SAFE.test(blob.mime) ? 'attachment' : 'inline';
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', blob.etag)
    .header('cache-control', `private, max-age=${blob.maxAge}, immutable`)
    .header('content-disposition', contentDisposition(kind, blob.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', USER_CONTENT_CSP);
  if (request.headers['if-none-match'] === blob.etag) return reply.status(304).send();

  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange !== undefined && ifRange !== blob.etag ? undefined : request.headers.range;
  const range = parseRange(rangeHeader, blob.size);
  if (range.kind === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${blob.size}`)
      .send({ error: 'range not satisfiable' });
  }
  // Fastify answers HEAD by running this handler and draining the body: never open the blob for it.
  const open = (range?: { start: number; end: number }) =>
    request.method === 'HEAD' ? Promise.resolve(Readable.from([])) : blob.open(range);
  if (range.kind === 'partial') {
    const stream = await open({ start: range.start, end: range.end });
    return reply
      .status(206)
      .type(blob.mime)
      .header('content-range', `bytes ${range.start}-${range.end}/${blob.size}`)
      .header('content-length', String(range.end - range.start + 1))
      .send(stream);
  }
  if (blob.size === 0) return reply.type(blob.mime).header('content-length', '0').send('');
  const stream = await open();
  return reply.type(blob.mime).header('content-length', String(blob.size)).send(stream);
}

/**
 * `GET /st/4/jobs/{jobId}/files_by_id/{fileId}/preview` (the original bytes, or with `to_jpeg=1`
 * a JPEG rendering) and `.../video` (the web encode) by signed URL, so `<img>` and `<video>` load
 * them without an auth header. The unsigned `.../files_by_id/{fileId}` (the FileRecord) is the
 * ingest's route.
 */
export async function previewRoutes(app: FastifyInstance, { media }: { media: MediaDeliveryService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/st/4/jobs/:jobId/files_by_id/:fileId/preview',
    {
      // A user's bytes go out as stored, text documents included: a download resumed by Range
      // must find the same bytes at the same offsets.
      compress: false,
      schema: {
        tags: ['media'],
        summary:
          "A file's bytes by signed URL (previewURL); Range supported; to_jpeg=1 renders pictures as JPEG",
        params: Params,
        querystring: withCommonQuery({
          ...SignedQuery,
          share: Type.Optional(Type.String({ maxLength: 64 })),
          /** 1: signed for this one file for a TV receiver, short-lived. */
          cast: Type.Optional(Type.Literal('1')),
          to_jpeg: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
          /** 1: offered as a download (attachment) whatever the type. */
          download: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
        }),
        response: { 400: ErrorReply, 403: ErrorReply, 404: ErrorReply, 416: ErrorReply, 422: ErrorReply },
      },
    },
    async (request, reply) => {
      const { jobId, fileId } = request.params;
      const toJpeg = request.query.to_jpeg === '1';
      const blob = await media.preview(jobId, fileId, { toJpeg }, request.query);
      return sendBlob(request, reply, blob, request.query.download === '1');
    },
  );

  r.get(
    '/st/4/jobs/:jobId/files_by_id/:fileId/video',
    {
      compress: false,
      schema: {
        tags: ['media'],
        summary:
          "A movie's web-playable H.264/AAC MP4 by signed URL (videoURL), once ENCODED; Range supported",
        params: Params,
        querystring: withCommonQuery({
          ...SignedQuery,
          share: Type.Optional(Type.String({ maxLength: 64 })),
          /** 1: signed for this one file for a TV receiver, short-lived. */
          cast: Type.Optional(Type.Literal('1')),
        }),
        response: { 400: ErrorReply, 403: ErrorReply, 404: ErrorReply, 416: ErrorReply },
      },
    },
    async (request, reply) => {
      const { jobId, fileId } = request.params;
      return sendBlob(request, reply, await media.video(jobId, fileId, request.query));
    },
  );
}
