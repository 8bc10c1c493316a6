import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Text answers (JSON, HTML) are compressed by `Accept-Encoding`, brotli first, then gzip. Brotli
 * at quality 4 shrinks a month of tiles (hundreds of KB of JSON) to about a fifth in a few
 * milliseconds; the default 11 would spend a second on it. Media, archives and anything already
 * encoded go out as they are (only compressible content types are touched), and the built web
 * assets are compressed once at build time and served as files (see web-app.plugin.ts). Request
 * bodies are never decompressed: an upload is stored as sent, and a small gzip body must not
 * inflate into gigabytes.
 */
const options = (brotliQuality: number) => ({
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  threshold: 1024,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } },
  zlibOptions: { level: 6 },
});

/**
 * For routes whose answer runs to megabytes (the album list): brotli quality 1 costs about a
 * third of quality 4 and the answer (signatures and ids, little repetition) grows by a few per cent.
 */
export const largeJsonCompression = options(1);

export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, { global: true, globalDecompression: false, ...options(4) });
});
