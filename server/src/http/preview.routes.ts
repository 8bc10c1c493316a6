import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { BlobStore } from '../blobs/blob-store';
import { badRequest, notFound } from '../domain/errors';
import { parseRange } from '../media/byte-range';
import { posterKey, previewJpegKey, videoKey } from '../media/derived-blob-keys';
import { MAX_PICTURE_BYTES, pictureToJpeg, UndecodableImageError } from '../media/thumbnails';
import type { MediaFileRow } from '../store/repositories/content-processing.repository';
import { ErrorReply, withCommonQuery } from './common-query';
import {
  type MediaRoutesOptions,
  maxAgeUntil,
  ownJobGrant,
  SignedQuery,
  verifiedFile,
} from './thumbnails.routes';

const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const Params = Type.Object({ jobId: Id, fileId: Id });

/** Types a browser may render inline from our origin; everything else is offered as a download. */
const INLINE_SAFE = /^(image\/(?!svg)[\w.+-]+|video\/[\w.+-]+|audio\/[\w.+-]+|application\/pdf|text\/plain)$/;

/**
 * User bytes are served from the app's own origin, so nothing in them may run there: no sniffing,
 * a sandboxing CSP (it only matters when a response is opened as a page; it replaces the app's
 * policy, so it forbids framing itself), and unknown types as attachments.
 */
const USER_CONTENT_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

function contentDisposition(fileName: string, mime: string): string {
  const kind = INLINE_SAFE.test(mime) ? 'inline' : 'attachment';
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

interface BlobToSend {
  key: string;
  size: number;
  mime: string;
  etag: string;
  cacheControl: string;
  disposition: string;
}

/**
 * Streams a blob (never buffered) honouring one HTTP byte range: 206 with Content-Range, 416 with
 * `bytes *\/size` when nothing is selected, the whole blob otherwise. `If-Range` with another
 * validator falls back to the whole blob, as RFC 9110 requires.
 */
async function sendBlob(request: FastifyRequest, reply: FastifyReply, blobs: BlobStore, blob: BlobToSend) {
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', blob.etag)
    .header('cache-control', blob.cacheControl)
    .header('content-disposition', blob.disposition)
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
    request.method === 'HEAD' ? Promise.resolve(Readable.from([])) : blobs.get(blob.key, range);
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
export async function previewRoutes(app: FastifyInstance, options: MediaRoutesOptions) {
  const { blobs, clock } = options;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  // One conversion per content at a time; concurrent requests for it share the result.
  const converting = new Map<string, Promise<void>>();

  const ensurePreviewJpeg = async (file: MediaFileRow): Promise<void> => {
    const key = previewJpegKey(file.sha256);
    if (await blobs.exists(key)) return;
    let pending = converting.get(file.sha256);
    if (!pending) {
      pending = (async () => {
        if (file.size > MAX_PICTURE_BYTES) throw new UndecodableImageError('picture too large to convert');
        const chunks: Buffer[] = [];
        for await (const chunk of (await blobs.get(file.blobKey)) as AsyncIterable<Buffer>)
          chunks.push(chunk);
        await blobs.put(key, await pictureToJpeg(Buffer.concat(chunks)), { contentType: 'image/jpeg' });
      })().finally(() => converting.delete(file.sha256));
      converting.set(file.sha256, pending);
    }
    await pending;
  };

  const derived = async (key: string, mime: string, file: MediaFileRow, exp: number, fileName: string) => {
    const info = await blobs.stat(key);
    if (!info) return null;
    return {
      key,
      size: info.size,
      mime,
      etag: `"${file.sha256}-${key.slice(key.lastIndexOf('/') + 1)}"`,
      cacheControl: `private, max-age=${maxAgeUntil(exp, clock())}, immutable`,
      disposition: contentDisposition(fileName, mime),
    } satisfies BlobToSend;
  };

  const withExt = (fileName: string, ext: string) => `${fileName.replace(/\.[^.]*$/, '')}.${ext}`;

  r.get(
    '/st/4/jobs/:jobId/files_by_id/:fileId/preview',
    {
      schema: {
        tags: ['media'],
        summary:
          "A file's bytes by signed URL (previewURL); Range supported; to_jpeg=1 renders pictures as JPEG",
        params: Params,
        querystring: withCommonQuery({
          ...SignedQuery,
          to_jpeg: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
        }),
        response: { 400: ErrorReply, 403: ErrorReply, 404: ErrorReply, 416: ErrorReply, 422: ErrorReply },
      },
    },
    async (request, reply) => {
      const { jobId, fileId } = request.params;
      const file = await verifiedFile(options, fileId, ownJobGrant, request.query);
      if (file.jobId !== jobId || file.deletedAt !== null) throw notFound();
      const exp = request.query.exp!;

      if (request.query.to_jpeg === '1' && file.mime !== 'image/jpeg') {
        if (file.mediaKind === 'document')
          throw badRequest('querystring.to_jpeg applies to pictures and movies');
        if (file.mediaKind === 'movie') {
          const poster = await derived(
            posterKey(file.sha256),
            'image/jpeg',
            file,
            exp,
            withExt(file.fileName, 'jpg'),
          );
          if (!poster) throw notFound('poster not ready');
          return sendBlob(request, reply, blobs, poster);
        }
        try {
          await ensurePreviewJpeg(file);
        } catch (error) {
          if (error instanceof UndecodableImageError) {
            return reply.status(422).send({ error: 'picture does not decode' });
          }
          throw error;
        }
        const jpeg = await derived(
          previewJpegKey(file.sha256),
          'image/jpeg',
          file,
          exp,
          withExt(file.fileName, 'jpg'),
        );
        if (!jpeg) throw notFound();
        return sendBlob(request, reply, blobs, jpeg);
      }

      return sendBlob(request, reply, blobs, {
        key: file.blobKey,
        size: file.size,
        mime: file.mime,
        etag: `"${file.sha256}"`,
        cacheControl: `private, max-age=${maxAgeUntil(exp, clock())}, immutable`,
        disposition: contentDisposition(file.fileName, file.mime),
      });
    },
  );

  r.get(
    '/st/4/jobs/:jobId/files_by_id/:fileId/video',
    {
      schema: {
        tags: ['media'],
        summary:
          "A movie's web-playable H.264/AAC MP4 by signed URL (videoURL), once ENCODED; Range supported",
        params: Params,
        querystring: withCommonQuery(SignedQuery),
        response: { 400: ErrorReply, 403: ErrorReply, 404: ErrorReply, 416: ErrorReply },
      },
    },
    async (request, reply) => {
      const { jobId, fileId } = request.params;
      const file = await verifiedFile(options, fileId, ownJobGrant, request.query);
      if (file.jobId !== jobId || file.deletedAt !== null) throw notFound();
      if (file.mediaKind !== 'movie') throw notFound('not a movie');
      if (file.encodeStatus !== 'ready') throw notFound('video not encoded');
      const video = await derived(
        videoKey(file.sha256),
        'video/mp4',
        file,
        request.query.exp!,
        withExt(file.fileName, 'mp4'),
      );
      if (!video) throw notFound('video not encoded');
      return sendBlob(request, reply, blobs, video);
    },
  );
}
