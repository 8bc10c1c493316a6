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
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});
